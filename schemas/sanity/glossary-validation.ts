/**
 * The glossary beside each language field in the Studio: the field's text checked against the
 * glossary document as it is now, the editor's unpublished changes included, read through
 * the Studio's client. One read serves a whole validation pass (every field of a form is
 * validated at once); the next pass, on the next keystroke, reads it again, so an edit to
 * the glossary counts from then on.
 */
import { documentId, documentType } from '../index';
import { glossaryFindings, glossaryFromDocument, type Glossary } from '../glossary';
import type { Language } from '../languages';
import type { TextRules } from '../rules';
import { readForPass } from './pass-read';
import type { RuleLike, ValidationContextLike } from './types';

const GLOSSARY_ID = documentId('glossary');

function currentGlossary(context: ValidationContextLike): Promise<Glossary> {
  return readForPass(
    context,
    '*[_id in [$id, "drafts." + $id]]',
    { id: GLOSSARY_ID },
    (docs: { _id: string }[]) =>
      glossaryFromDocument(docs.find((doc) => doc._id.startsWith('drafts.')) ?? docs[0]),
    [],
  );
}

/** The glossary's warnings on one language field of a prose text. */
export function glossaryValidation(node: TextRules, language: Language) {
  return (rule: RuleLike) =>
    rule
      .custom(async (value, context) => {
        const doc = context.document as { _type?: string } | undefined;
        const keywords = context.path?.[0] === 'meta' && context.path[1] === 'keywords';
        if (
          typeof value !== 'string' ||
          !value.trim() ||
          (node.format !== 'plain' && node.format !== 'multiline') ||
          doc?._type === documentType('glossary') ||
          keywords
        )
          return true;
        const english = (context.parent as { en?: string } | undefined)?.en;
        const found = glossaryFindings(language, value, english, await currentGlossary(context));
        if (!found.length) return true;
        // In the Studio's interface language (its locales: English, German).
        const worded = (language: 'en' | 'de') =>
          found.map((problem) => problem.message[language]).join('; ');
        return { 'en-US': worded('en'), 'de-DE': worded('de') };
      })
      .warning();
}
