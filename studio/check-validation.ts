/**
 * The translation checks beside the fields, as the editor types: one validation rule on each
 * dictionary document returns every problem of content/document-checks.ts as a marker on its
 * field (or list item). Sanity hands a marker to the field its path names (./LanguageField.tsx
 * and ./InlineItem.tsx write it out), and an error disables Publish (./publish-check.ts names
 * it beside the button): no check is repeated in a component.
 *
 * In a release, a third rule warns beside each text another open release also changes
 * (content/release-overlap.ts): the release published last keeps its text. It never blocks.
 */
import type { Path, Rule, SanityDocument, ValidationContext, ValidationError } from 'sanity';
import type { Namespace } from '../schemas';
import type { Severity } from '../schemas/checks';
import { documentChecks, type DocumentCheck } from '@/content/document-checks';
import { publishedIdOf, releaseOf } from '@/content/perspective';
import { textsBothChange } from '@/content/release-overlap';
import { readForPass } from '../schemas/sanity/pass-read';

/** Both rules of one validation run read the same document: it is checked once. */
const checked = new WeakMap<object, DocumentCheck[]>();

function markers(namespace: Namespace, doc: SanityDocument | undefined, severity: Severity) {
  if (!doc) return true;
  let checks = checked.get(doc);
  if (!checks) checked.set(doc, (checks = documentChecks(namespace, doc)));
  const found: ValidationError[] = checks
    .filter((check) => check.severity === severity)
    .map((check) => ({ message: check.message, path: check.storedPath as Path }));
  return found.length ? found : true;
}

interface OpenReleases {
  published: SanityDocument | null;
  versions: SanityDocument[];
  releases: { name: string; title?: string }[];
}

const NONE_OPEN: OpenReleases = { published: null, versions: [], releases: [] };

const OPEN_RELEASES = `{
  "published": *[_id == $id][0],
  "versions": *[_id in path($versions)],
  "releases": *[_type == "system.release" && state in ["active", "scheduled"]]{name, "title": metadata.title}
}`;

/** Each text of a release's version that another open release's version also changes. */
async function overlaps(doc: SanityDocument | undefined, context: ValidationContext) {
  const release = doc && releaseOf(doc._id);
  if (!release) return true;
  const id = publishedIdOf(doc._id);
  const open = await readForPass(
    context,
    OPEN_RELEASES,
    { id, versions: `versions.*.${id}` },
    (answer: OpenReleases) => answer,
    NONE_OPEN,
  );
  const found: ValidationError[] = [];
  for (const other of open.releases) {
    const version = open.versions.find((each) => releaseOf(each._id) === other.name);
    if (other.name === release || !version) continue;
    for (const text of textsBothChange(doc, version, open.published ?? undefined))
      found.push({
        message: `Release “${other.title || other.name}” also changes this text; the release published last wins.`,
        path: text.path as Path,
      });
  }
  return found.length ? found : true;
}

export function checkValidation(namespace: Namespace) {
  return (rule: Rule) => [
    rule.custom<SanityDocument>((doc) => markers(namespace, doc, 'block')).error(),
    rule.custom<SanityDocument>((doc) => markers(namespace, doc, 'warn')).warning(),
    rule.custom<SanityDocument>(overlaps).warning(),
  ];
}
