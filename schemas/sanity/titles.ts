/**
 * What the Studio calls a field, outside its form too: the titles of a plural's forms and
 * the titles on the way to a field (the publish check beside Publish, the preview's outlines).
 */
import { PLURAL_FORMS, titleFromKey, type Dictionary, type Node, type PluralForm } from '../define';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../languages';

export const FORM_TITLES: Record<PluralForm, { title: string; description: string }> = {
  one: {
    title: 'Form for one',
    description: 'Used when the number is 1 (in German and Turkish too).',
  },
  other: { title: 'Form for other numbers', description: 'Used for 0, 2, 3, 5, 10 and so on.' },
};

/** A segment of a Sanity path: a field name, an array index or an array item by `_key`. */
export type FieldPathSegment = string | number | { readonly _key: string };

/** The number of a list entry (1, 2, …) from its index or an imported key (`item2`). */
function entryNumber(segment: FieldPathSegment): string {
  if (typeof segment === 'number') return String(segment + 1);
  const key = typeof segment === 'object' ? segment._key : segment;
  const imported = /^item(\d+)$/.exec(key);
  return imported ? String(Number(imported[1]) + 1) : '';
}

/** Parses a Sanity path string (`items[_key=="item2"].question.de`, `sections[0].body`). */
export function parseFieldPath(path: string): FieldPathSegment[] {
  const segments: FieldPathSegment[] = [];
  for (const [, name, index, key] of path.matchAll(/([^.[\]]+)|\[(\d+)\]|\[_key=="([^"]*)"\]/g)) {
    if (name !== undefined) segments.push(name);
    else if (index !== undefined) segments.push(Number(index));
    else if (key !== undefined) segments.push({ _key: key });
  }
  return segments;
}

/**
 * The titles the Studio shows on the way to a field, as an editor reads them: for
 * `title.main.de` of the hero, `['Title', 'Main', 'German']`; a list entry joins its list's
 * title (`Sections 2`), a plural form is named as in the form (`Form for one`). Used where a
 * field is named outside its form: the publish check beside Publish, the preview's outlines.
 */
export function fieldTitles(
  dictionary: Dictionary,
  path: string | readonly FieldPathSegment[],
): string[] {
  const segments = typeof path === 'string' ? parseFieldPath(path) : path;
  const titles: string[] = [];
  let node: Node | undefined = dictionary.root;
  for (const segment of segments) {
    if (!node) break;
    if (node.kind === 'group' && typeof segment === 'string' && node.fields[segment]) {
      const child: Node = node.fields[segment];
      titles.push(child.title ?? titleFromKey(segment));
      node = child;
    } else if (node.kind === 'list' && typeof segment !== 'string') {
      const number = entryNumber(segment);
      if (number) titles.push(`${titles.pop() ?? ''} ${number}`.trim());
      node = node.of;
    } else if (node.kind === 'plural' && (PLURAL_FORMS as readonly unknown[]).includes(segment)) {
      titles.push(FORM_TITLES[segment as PluralForm].title);
      node = node.form;
    } else if (node.kind === 'text' && (LANGUAGES as readonly unknown[]).includes(segment)) {
      titles.push(LANGUAGE_NAMES[segment as Language]);
      node = undefined;
    } else {
      break;
    }
  }
  return titles;
}
