/**
 * zod validators for one language's published JSON, derived from the dictionary nodes.
 * `parseDictionary` is what the site, import and export call; it reports every problem
 * as `file → key path: message`.
 */
import { z } from 'zod';
import type { Dictionary, DictionaryValue, Node, TextNode } from './define';
import { dictionaries, type DictionaryOf, type Namespace } from './index';
import { ContentError, formatPath, type ContentProblem } from './problems';
import { formatProblem, isPresentText } from './rules';

function describeType(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'string') return 'a text';
  if (typeof input === 'object') return 'an object';
  return `a ${typeof input}`;
}

const EXPECTED: Record<Node['kind'], string> = {
  text: 'a text',
  flag: 'true or false',
  choice: 'one of the listed values',
  number: 'a number',
  slug: 'a text',
  group: 'an object',
  list: 'a list',
};

function typeError(node: Node) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined
      ? node.kind === 'text'
        ? 'required text is missing'
        : 'required value is missing'
      : `expected ${EXPECTED[node.kind]}, got ${describeType(issue.input)}`;
}

function textSchema(node: TextNode) {
  return z.string({ error: typeError(node) }).superRefine((value, ctx) => {
    if (node.required && !isPresentText(value)) {
      ctx.addIssue({ code: 'custom', message: 'required text is missing' });
      return;
    }
    if (!isPresentText(value)) return;
    const problem = formatProblem(node.format, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

export function toZod(node: Node): z.ZodType {
  const base = ((): z.ZodType => {
    switch (node.kind) {
      case 'text':
        return textSchema(node);
      case 'flag':
        return z.boolean({ error: typeError(node) });
      case 'choice':
        return z.enum(node.options as [string, ...string[]], {
          error: (issue) =>
            issue.input === undefined
              ? 'required value is missing'
              : `"${String(issue.input)}" is not one of: ${node.options.join(', ')}`,
        });
      case 'number':
        return z
          .number({ error: typeError(node) })
          .int({ error: 'must be a whole number' })
          .min(node.min ?? -Infinity, { error: `must be at least ${node.min}` });
      case 'slug':
        return z
          .string({ error: typeError(node) })
          .regex(/^[a-z0-9-]*$/, { error: 'use lowercase letters, digits and hyphens only' });
      case 'group':
        return z.strictObject(
          Object.fromEntries(
            Object.entries(node.fields).map(([key, child]) => [key, toZod(child)]),
          ),
          {
            error: (issue) =>
              issue.code === 'unrecognized_keys'
                ? undefined
                : typeError(node)(issue as { input?: unknown }),
          },
        );
      case 'list':
        return z.array(toZod(node.of), { error: typeError(node) });
    }
  })();
  return node.required ? base : base.optional();
}

const cache = new Map<Namespace, z.ZodType>();

/** The zod validator of a namespace (one language's JSON). */
export function validatorFor<N extends Namespace>(namespace: N): z.ZodType<DictionaryOf<N>> {
  let schema = cache.get(namespace);
  if (!schema) {
    schema = toZod(dictionaries[namespace].root);
    cache.set(namespace, schema);
  }
  return schema as z.ZodType<DictionaryOf<N>>;
}

/** Builds the validator of any dictionary definition, typed from its nodes. */
export function validatorOf<D extends Dictionary>(dictionary: D): z.ZodType<DictionaryValue<D>> {
  return toZod(dictionary.root) as z.ZodType<DictionaryValue<D>>;
}

export function zodProblems(file: string, error: z.ZodError): ContentProblem[] {
  return error.issues.flatMap((issue): ContentProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        file,
        path: formatPath([...issue.path, key]),
        message: 'unknown key (not part of this dictionary)',
      }));
    }
    return [{ file, path: formatPath(issue.path), message: issue.message }];
  });
}

/** Validates one language's dictionary; throws a ContentError naming file and key paths. */
export function parseDictionary<N extends Namespace>(
  namespace: N,
  data: unknown,
  file: string,
): DictionaryOf<N> {
  const result = validatorFor(namespace).safeParse(data);
  if (!result.success) throw new ContentError(zodProblems(file, result.error));
  return result.data;
}

/**
 * Reads dictionary JSON text strictly: an empty file, a byte-order mark or trailing
 * garbage is an error, not something to guess around.
 */
export function parseJsonText(text: string, file: string): unknown {
  if (text.charCodeAt(0) === 0xfeff) {
    throw new ContentError([
      {
        file,
        path: '',
        message: 'starts with a byte-order mark (BOM); save it as UTF-8 without BOM',
      },
    ]);
  }
  if (text.trim() === '') throw new ContentError([{ file, path: '', message: 'file is empty' }]);
  try {
    return JSON.parse(text);
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    throw new ContentError([{ file, path: '', message: `not valid JSON (${detail})` }]);
  }
}
