/**
 * Validation of the Studio's fields, from the same rules as the export step (../rules.ts):
 * a text's language fields, a plural's forms, and the one rule of a required field.
 */
import { PLURAL_FORMS, type PluralForm } from '../define';
import { DEFAULT_LANGUAGE, type Language } from '../languages';
import {
  checkLocalizedText,
  isPresentText,
  type Localized,
  type TextProblem,
  type TextRules,
} from '../rules';
import {
  translationStatus,
  type StoredTranslations,
  type TranslatedLanguage,
} from '../translation-status';
import { FORM_TITLES } from './titles';
import type { RuleLike, SanityField, ValidationContextLike } from './types';

/**
 * A field the dictionary requires cannot be published empty. On a text or plural object it
 * is also what makes Sanity validate the language fields inside at all.
 */
export function requiredValidation(node: {
  readonly required?: boolean | undefined;
}): Pick<SanityField, 'validation'> {
  return node.required ? { validation: (rule: RuleLike) => rule.required() } : {};
}

function messageOf(problems: TextProblem[]): true | string {
  return problems.length === 0 ? true : problems.map((p) => p.message).join('; ');
}

/**
 * Validation of one language field of a text, from the shared rules: errors block
 * publishing (missing required English, malformed address, placeholders that differ
 * from English); a missing translation is a warning. Sanity keeps these levels on
 * string fields, so the rules sit on the language fields, not on the text object.
 */
export function languageValidation(
  node: TextRules,
  language: Language,
  { pluralForm }: { pluralForm?: boolean } = {},
) {
  const problems = (value: unknown, context: ValidationContextLike) => {
    const localized = {
      ...(context.parent as Localized | undefined),
      [language]: value as string | undefined,
    };
    const found = checkLocalizedText(node, localized).filter((p) => p.language === language);
    return [
      ...found,
      ...outdatedProblems(localized, language),
      ...(pluralForm ? pluralFormProblems(value, language, context) : []),
    ];
  };
  return (rule: RuleLike) => [
    rule
      .custom((value, context) =>
        messageOf(problems(value, context).filter((p) => p.level === 'error')),
      )
      .error(),
    rule
      .custom((value, context) =>
        messageOf(problems(value, context).filter((p) => p.level === 'warning')),
      )
      .warning(),
  ];
}

/** The message beside an outdated translation, in the Studio and its validation list. */
export const OUTDATED_MESSAGE = 'English changed since this was translated';

/** A translation written against other English: a warning, so it never blocks publishing. */
function outdatedProblems(text: StoredTranslations, language: Language): TextProblem[] {
  if (language === DEFAULT_LANGUAGE) return [];
  return translationStatus(text, language as TranslatedLanguage) === 'outdated'
    ? [{ level: 'warning', language, message: OUTDATED_MESSAGE }]
    : [];
}

/** The value at a Sanity path inside a document (`{ _key }` finds an array item). */
function valueAt(document: unknown, path: readonly unknown[]): unknown {
  let current = document;
  for (const segment of path) {
    if (Array.isArray(current)) {
      current =
        typeof segment === 'number'
          ? current[segment]
          : current.find(
              (item: unknown) =>
                typeof item === 'object' &&
                item !== null &&
                (item as { _key?: unknown })._key === (segment as { _key?: unknown })?._key,
            );
    } else if (typeof current === 'object' && current !== null && typeof segment === 'string') {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

/**
 * A form of a plural text that is empty in a language while another form is given: an
 * error on the empty form's field (a language field is where Sanity keeps the error
 * level). The sibling forms are read from the document, two levels up the path.
 */
function pluralFormProblems(
  value: unknown,
  language: Language,
  context: ValidationContextLike,
): TextProblem[] {
  const path = context.path ?? [];
  const form = path.at(-2);
  if (isPresentText(value) || typeof form !== 'string') return [];
  const plural = valueAt(context.document, path.slice(0, -2)) as
    Partial<Record<PluralForm, Localized | undefined>> | undefined;
  const given = PLURAL_FORMS.filter((f) => isPresentText(plural?.[f]?.[language]));
  if (given.length === 0) return [];
  return [
    {
      level: 'error',
      language,
      message: `${given.map((f) => FORM_TITLES[f].title.toLowerCase()).join(', ')} is given, so this form is needed too`,
    },
  ];
}
