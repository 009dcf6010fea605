/**
 * The small typed builder every dictionary shape is written in.
 *
 * A dictionary is a tree of nodes. Texts are the only per-language leaves; flags,
 * choices, numbers and slugs hold one value shared by all three languages, and a list
 * keeps one structure (same length, same order) for every language. From one tree we
 * derive the zod validator and TypeScript type (./validator.ts), the Sanity document
 * type (./sanity/) and the split/merge walk used by import and export (./walk.ts).
 */

// The plural categories live beside the rule that picks one, which the site's client code
// uses without the rest of this file.
import { PLURAL_FORMS, type PluralForm } from './plural';
export { PLURAL_FORMS, type PluralForm };

/** How a text is checked, and which Studio input edits it. */
export type TextFormat =
  | 'plain'
  | 'multiline'
  /** An internal path (`/about`, `#top`) or an absolute https URL. */
  | 'url'
  /** Like `url`, and `mailto:` addresses are accepted too. */
  | 'href'
  | 'email'
  /** A JSON object, for structured data (JSON-LD). */
  | 'json';

interface Described {
  /** Shown to editors in the Studio; defaults to the key, spaced out. */
  readonly title?: string | undefined;
  /** Shown to editors under the field title: what the text is for and where it appears. */
  readonly description?: string | undefined;
}

export interface TextNode<R extends boolean = boolean> extends Described {
  readonly kind: 'text';
  /** Required texts must be present and non-blank in English: the site needs them. */
  readonly required: R;
  readonly format: TextFormat;
  /**
   * The `{placeholders}` the site fills in this text, in every language; any other
   * `{…}` is an error, since visitors would see it as written.
   */
  readonly placeholders: readonly string[];
}

/**
 * A text that shows a number, with one form per plural category (`one`, `other`),
 * chosen by `Intl.PluralRules` for the language. Published as i18next plural keys:
 * `message` becomes `message_one` and `message_other` beside each other, so any
 * i18next client picks the right form with `t('message', { count })`.
 */
export interface PluralNode<R extends boolean = boolean> extends Described {
  readonly kind: 'plural';
  /** Required: every form must be present in English. */
  readonly required: R;
  /** The placeholder that holds the number and picks the form. */
  readonly count: string;
  /** The rules of each form: a text that accepts the count and the other placeholders. */
  readonly form: TextNode<R>;
}

export interface FlagNode<R extends boolean = boolean> extends Described {
  readonly kind: 'flag';
  readonly required: R;
}

export interface ChoiceNode<
  O extends string = string,
  R extends boolean = boolean,
> extends Described {
  readonly kind: 'choice';
  readonly options: readonly O[];
  /** What the editor sees for each value; without it, a title made from the value. */
  readonly optionTitles?: Readonly<Record<O, string>>;
  readonly required: R;
}

export interface NumberNode<R extends boolean = boolean> extends Described {
  readonly kind: 'number';
  readonly required: R;
  readonly min?: number;
}

/** A short identifier shared by all languages (anchor ids, icon names). */
export interface SlugNode<R extends boolean = boolean> extends Described {
  readonly kind: 'slug';
  readonly required: R;
}

export type Fields = Readonly<Record<string, Node>>;

export interface GroupNode<
  F extends Fields = Fields,
  R extends boolean = boolean,
> extends Described {
  readonly kind: 'group';
  readonly fields: F;
  readonly required: R;
}

export type ListItemNode = GroupNode | TextNode;

export interface ListNode<
  I extends ListItemNode = ListItemNode,
  R extends boolean = boolean,
> extends Described {
  readonly kind: 'list';
  readonly of: I;
  readonly required: R;
  /** Name of the item type in the Studio (e.g. `heroStat`). */
  readonly itemName: string;
}

export type LeafNode = TextNode | FlagNode | ChoiceNode | NumberNode | SlugNode;
/** A plural is a field of a group only: its forms are keys beside each other. */
export type Node = LeafNode | PluralNode | GroupNode | ListNode;

/**
 * Where editors find a dictionary in the Studio, in the order the desk lists them; `reference`
 * holds what the checks and texts read but no page shows as it is (the glossary).
 */
export const SECTIONS = ['chrome', 'sections', 'pages', 'legal', 'error', 'reference'] as const;

/** One namespace: a published file `/locales/<lang>/<name>.json` and one Studio document. */
export interface Dictionary<F extends Fields = Fields> extends Described {
  readonly root: GroupNode<F, true>;
  /** Where editors find it in the Studio. */
  readonly section: (typeof SECTIONS)[number];
}

type Options = Described & { readonly required?: boolean };
type Req<O> = O extends { readonly required: true } ? true : false;

type TextOptions = Options & { format?: TextFormat; placeholders?: readonly string[] };

export function text<const O extends TextOptions>(options?: O): TextNode<Req<O>> {
  return {
    ...options,
    kind: 'text',
    format: options?.format ?? 'plain',
    required: (options?.required ?? false) as Req<O>,
    placeholders: [...(options?.placeholders ?? [])].sort(),
  };
}

/**
 * A text showing a number (`count`), written once per plural form in every language.
 * `count` is one of its placeholders; `placeholders` lists any others.
 */
export function plural<
  const O extends Options & {
    count: string;
    placeholders?: readonly string[];
    format?: 'plain' | 'multiline';
  },
>(options: O): PluralNode<Req<O>> {
  const { count, placeholders = [], format = 'plain', ...described } = options;
  const required = (options.required ?? false) as Req<O>;
  return {
    ...described,
    kind: 'plural',
    required,
    count,
    form: {
      kind: 'text',
      format,
      required,
      placeholders: [...new Set([count, ...placeholders])].sort(),
    },
  };
}

/** A text that editors write as several lines or a paragraph. */
export function longText<const O extends Options>(options?: O): TextNode<Req<O>> {
  return text({ ...options, format: 'multiline' as const }) as TextNode<Req<O>>;
}

export function url<const O extends Options>(options?: O): TextNode<Req<O>> {
  return text({ ...options, format: 'url' as const }) as TextNode<Req<O>>;
}

export function flag<const O extends Options>(options?: O): FlagNode<Req<O>> {
  return { ...options, kind: 'flag', required: (options?.required ?? false) as Req<O> };
}

export function choice<const V extends string, const O extends Options>(
  options: readonly V[],
  described?: O,
): ChoiceNode<V, Req<O>> {
  return {
    ...described,
    kind: 'choice',
    options,
    required: (described?.required ?? false) as Req<O>,
  };
}

/** A choice whose values the editor sees by name: `{ value: 'Title', … }`. */
export function namedChoice<const V extends string, const O extends Options>(
  titles: Readonly<Record<V, string>>,
  described?: O,
): ChoiceNode<V, Req<O>> {
  return {
    ...choice(Object.keys(titles) as V[], described),
    optionTitles: titles,
  };
}

export function count<const O extends Options & { min?: number }>(options?: O): NumberNode<Req<O>> {
  return { ...options, kind: 'number', required: (options?.required ?? false) as Req<O> };
}

export function slug<const O extends Options>(options?: O): SlugNode<Req<O>> {
  return { ...options, kind: 'slug', required: (options?.required ?? false) as Req<O> };
}

/** A group of fields. Groups are required (always present) unless marked optional. */
export function group<const F extends Fields, const O extends Described & { optional?: boolean }>(
  fields: F,
  options?: O,
): GroupNode<F, O extends { optional: true } ? false : true> {
  const { optional, ...described } = options ?? {};
  return {
    ...described,
    kind: 'group',
    fields,
    required: !optional as O extends { optional: true } ? false : true,
  };
}

/** A list that keeps one structure for all languages. Lists may be absent unless required. */
export function list<const I extends ListItemNode, const O extends Options>(
  itemName: string,
  of: I,
  options?: O,
): ListNode<I, Req<O>> {
  return {
    ...options,
    kind: 'list',
    of,
    itemName,
    required: (options?.required ?? false) as Req<O>,
  };
}

/** Several paragraphs of text (a list of texts). */
export function paragraphs<const O extends Options>(
  options?: O,
): ListNode<TextNode<false>, Req<O>> {
  return list('paragraph', longText(), options);
}

export function dictionary<const F extends Fields>(
  section: Dictionary['section'],
  fields: F,
  described?: Described,
): Dictionary<F> {
  return { ...described, section, root: group(fields) };
}

// ---------------------------------------------------------------------------
// The TypeScript type of one language's published JSON, derived from the nodes.

/** The published key of one form of a plural: `message` → `message_one` (i18next's suffix). */
export function pluralKey<K extends string, F extends PluralForm>(key: K, form: F): `${K}_${F}` {
  return `${key}_${form}`;
}

type PluralKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends PluralNode ? K : never;
}[keyof F];
type RequiredKeys<F extends Fields> = Exclude<
  { [K in keyof F]: F[K] extends { required: true } ? K : never }[keyof F],
  PluralKeys<F>
>;
type OptionalKeys<F extends Fields> = Exclude<keyof F, RequiredKeys<F> | PluralKeys<F>>;
type RequiredPluralKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends PluralNode<true> ? K : never;
}[keyof F];
type OptionalPluralKeys<F extends Fields> = Exclude<PluralKeys<F>, RequiredPluralKeys<F>>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

export type ValueOf<N> = N extends TextNode
  ? string
  : N extends FlagNode
    ? boolean
    : N extends ChoiceNode<infer V>
      ? V
      : N extends NumberNode
        ? number
        : N extends SlugNode
          ? string
          : N extends GroupNode<infer F>
            ? GroupValue<F>
            : N extends ListNode<infer I>
              ? ValueOf<I>[]
              : never;

export type GroupValue<F extends Fields> = Simplify<
  { [K in RequiredKeys<F>]: ValueOf<F[K]> } & { [K in OptionalKeys<F>]?: ValueOf<F[K]> } & {
    [K in RequiredPluralKeys<F> as `${K & string}_${PluralForm}`]: string;
  } & { [K in OptionalPluralKeys<F> as `${K & string}_${PluralForm}`]?: string }
>;

/** The type of `/locales/<lang>/<name>.json` for a dictionary. */
export type DictionaryValue<D extends Dictionary> =
  D extends Dictionary<infer F> ? GroupValue<F> : never;

/** Spaces out a camelCase key for a default editor-facing title: `homeUrl` → `Home url`. */
export function titleFromKey(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
