/**
 * The translation checks beside the fields, as the editor types: one validation rule on each
 * dictionary document returns every problem of content/document-checks.ts as a marker on its
 * field (or list item). Sanity hands a marker to the field its path names (./LanguageField.tsx
 * and ./InlineItem.tsx write it out), and an error disables Publish (./publish-check.ts names
 * it beside the button): no check is repeated in a component.
 */
import type { Path, Rule, SanityDocument, ValidationError } from 'sanity';
import type { Namespace } from '../schemas';
import type { Severity } from '../schemas/checks';
import { documentChecks, type DocumentCheck } from '@/content/document-checks';

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

export function checkValidation(namespace: Namespace) {
  return (rule: Rule) => [
    rule.custom<SanityDocument>((doc) => markers(namespace, doc, 'block')).error(),
    rule.custom<SanityDocument>((doc) => markers(namespace, doc, 'warn')).warning(),
  ];
}
