/**
 * zod validators for one language's published JSON, derived from the dictionary nodes.
 * `parseDictionary` is what the site, import and export call; it reports every problem
 * as `file → key path: message`.
 */
import { z } from 'zod';
import {
  pluralKey,
  PLURAL_FORMS,
  type Dictionary,
  type DictionaryValue,
  type GroupNode,
  type Node,
  type TextNode,
} from './define';
import { dictionaries, type DictionaryOf, type Namespace } from './index';
import { parseStrictJson } from './json-file';
import { LIMITS } from './limits';
import { ContentError, formatPath, type ContentProblem } from './problems';
import { isPresentText, missingPluralForms, textValueProblems } from './rules';

function describeType(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'string') return 'a text';
  if (typeof input === 'object') return 'an object';
  return `a ${typeof input}`;
}

const EXPECTED: Record<Node['kind'], string> = {
  text: 'a text',
  plural: 'a text',
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
    }
    for (const message of textValueProblems(node, value)) ctx.addIssue({ code: 'custom', message });
  });
}

/** The zod shape of a group: a plural field becomes one key per form (`message_one`, …). */
function groupSchema(node: GroupNode) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, child] of Object.entries(node.fields)) {
    if (child.kind !== 'plural') {
      shape[key] = toZod(child);
      continue;
    }
    const form = toZod(child.form);
    for (const pluralForm of PLURAL_FORMS) shape[pluralKey(key, pluralForm)] = form;
  }
  const plurals = Object.entries(node.fields).filter(([, child]) => child.kind === 'plural');
  return z
    .strictObject(shape, {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? undefined
          : typeError(node)(issue as { input?: unknown }),
    })
    .superRefine((value, ctx) => {
      for (const [key] of plurals) {
        const record = value as Record<string, unknown>;
        const present = (form: string) => isPresentText(record[pluralKey(key, form as 'one')]);
        for (const missing of missingPluralForms(PLURAL_FORMS, present)) {
          const given = PLURAL_FORMS.filter(present).map((form) => pluralKey(key, form));
          ctx.addIssue({
            code: 'custom',
            path: [pluralKey(key, missing)],
            message: `plural form is missing: ${given.join(', ')} is given, so every form (${PLURAL_FORMS.map((form) => pluralKey(key, form)).join(', ')}) is needed`,
          });
        }
      }
    });
}

function toZod(node: Node): z.ZodType {
  const base = ((): z.ZodType => {
    switch (node.kind) {
      case 'text':
        return textSchema(node);
      case 'plural':
        // Plurals are fields of a group, where groupSchema spreads their forms.
        throw new Error('A plural text must be a field of a group.');
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
        return groupSchema(node);
      case 'list':
        return z.array(toZod(node.of), { error: typeError(node) }).max(LIMITS.listItems, {
          error: (issue) =>
            `list is too long (${(issue.input as unknown[]).length} items; at most ${LIMITS.listItems})`,
        });
    }
  })();
  return node.required ? base : base.optional();
}

const cache = new Map<Namespace, z.ZodType>();

/** The zod validator of a namespace (one language's JSON). */
export function validatorFor<N extends Namespace>(namespace: N): z.ZodType<DictionaryOf<N>> {
  let schema = cache.get(namespace);
  if (!schema) {
    schema = validatorOf(dictionaries[namespace]);
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
 * Reads dictionary JSON text strictly: an empty file, a byte-order mark, trailing
 * garbage or a duplicate key is an error, not something to guess around. Prefer
 * `parseDictionaryFile` (./json-file.ts) on the file's bytes, which also rejects text
 * that is not UTF-8.
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
  return parseStrictJson(text, file);
}
