/**
 * One Studio document type per dictionary namespace: its fields in form order, its tabs
 * when it is large, and the records kept in it but never shown as fields.
 */
import { CONSENT_WORDING_ONLY } from '../consent-text';
import { titleFromKey, type Dictionary, type Node } from '../define';
import { dictionaries, documentType, type Namespace } from '../index';
import { LANGUAGE_NAMES, LANGUAGES } from '../languages';
import { sanityField } from './fields';
import type { SanityDocumentType, SanityField, SanityFieldGroup } from './types';

/** A list of texts (paragraphs, keywords) reads like a text, not like a block of its own. */
function isBlock(node: Node): boolean {
  return node.kind === 'group' || (node.kind === 'list' && node.of.kind === 'group');
}

/** Documents with at least this many top-level fields get one tab per block. */
const TABS_FROM_FIELDS = 4;
const LOOSE_TEXTS_GROUP: SanityFieldGroup = { name: 'texts', title: 'Main texts' };
/** The page head: the tallest block on page dictionaries and the one editors open least. */
const PAGE_HEAD_FIELD = 'meta';
/**
 * Sanity adds an "All fields" tab to every form with tabs unless the schema declares that
 * group itself; declared hidden, it is left out. With it the tab row of a large dictionary
 * wrapped onto a second line, and it showed every block at once, which the tabs are there
 * to avoid.
 */
const ALL_FIELDS_HIDDEN: SanityFieldGroup = {
  name: 'all-fields',
  title: 'All fields',
  hidden: true,
};

/**
 * The tabs of a large dictionary: one tab holding the loose top-level texts, then one per
 * top-level block (a group or a list of entries) in schema order, the page head last. A
 * lone loose text joins the first block's tab rather than fill a tab alone. The form opens
 * on the first tab. Only the form changes: the stored and published shapes do not depend
 * on tabs.
 */
export function fieldGroups(dictionary: Dictionary): {
  groups: SanityFieldGroup[];
  groupOf: Record<string, string>;
} {
  const entries = Object.entries(dictionary.root.fields);
  const blocks = entries.filter(([, node]) => isBlock(node));
  if (entries.length < TABS_FROM_FIELDS || blocks.length < 2) return { groups: [], groupOf: {} };
  const loose = entries.filter(([, node]) => !isBlock(node));
  const groups: SanityFieldGroup[] = [];
  const groupOf: Record<string, string> = {};
  const firstBlock = blocks.find(([key]) => key !== PAGE_HEAD_FIELD)?.[0] ?? blocks[0]![0];
  const looseGroup = loose.length > 1 ? LOOSE_TEXTS_GROUP.name : firstBlock;
  if (loose.length > 1) groups.push({ ...LOOSE_TEXTS_GROUP });
  for (const [key, node] of entries) {
    if (!isBlock(node)) {
      groupOf[key] = looseGroup;
      continue;
    }
    groupOf[key] = key;
    groups.push({ name: key, title: node.title ?? titleFromKey(key) });
  }
  groups.sort((a, b) => Number(a.name === PAGE_HEAD_FIELD) - Number(b.name === PAGE_HEAD_FIELD));
  groups[0]!.default = true;
  return { groups, groupOf };
}

/**
 * The banner changes marked wording only (./consent-text.ts): kept in the `common` document,
 * never shown as a field; the Studio's "Wording only" action writes it.
 */
const consentWordingOnlyField: SanityField = {
  name: CONSENT_WORDING_ONLY,
  type: 'object',
  title: 'Cookie banner changes marked wording only',
  description: 'Per language: the banner texts whose consents still count.',
  hidden: true,
  fields: LANGUAGES.map((language) => ({
    name: language,
    type: 'text',
    title: LANGUAGE_NAMES[language],
    description: `The ${LANGUAGE_NAMES[language]} banner texts now and those whose consents still count (JSON).`,
  })),
};

export function sanityDocumentType(namespace: Namespace): SanityDocumentType {
  const dictionary: Dictionary = dictionaries[namespace];
  const title = dictionary.title ?? titleFromKey(namespace);
  const { groups, groupOf } = fieldGroups(dictionary);
  // The page head comes last in the form too, where a dictionary has no tabs.
  const entries = Object.entries(dictionary.root.fields).sort(
    ([a], [b]) => Number(a === PAGE_HEAD_FIELD) - Number(b === PAGE_HEAD_FIELD),
  );
  return {
    name: documentType(namespace),
    type: 'document',
    title,
    description: dictionary.description,
    namespace,
    ...(groups.length ? { groups: [ALL_FIELDS_HIDDEN, ...groups] } : {}),
    fields: entries
      .map(([key, node]) => {
        const field = sanityField(key, node);
        if (!groupOf[key]) return field;
        // A block shown in its own tab has nothing to fold away: no toggle before its texts.
        const own = groupOf[key] === key && field.options?.collapsible;
        return {
          ...field,
          group: groupOf[key],
          ...(own ? { options: { ...field.options, collapsible: false } } : {}),
        };
      })
      .concat(namespace === 'common' ? [consentWordingOnlyField] : []),
    // Without a preview, Sanity titles a document with its first field, dumped as an object.
    preview: { select: { id: '_id' }, prepare: () => ({ title }) },
  };
}
