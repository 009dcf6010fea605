/**
 * Plural forms: which form of a plural text a number takes in a language. The same
 * choice i18next makes (it asks `Intl.PluralRules` too), so the site and any client
 * loading `/locales` agree.
 */
import { LANGUAGES, type Language } from './languages';

/** The plural categories of every site language (checked against Intl below). */
export const PLURAL_FORMS = ['one', 'other'] as const;
export type PluralForm = (typeof PLURAL_FORMS)[number];

const rules = new Map<Language, Intl.PluralRules>(
  LANGUAGES.map((language) => [language, new Intl.PluralRules(language)]),
);

// Every category a site language uses must have a form in the dictionaries; a new
// language with more categories (Arabic, Polish, …) must add them to PLURAL_FORMS.
for (const [language, rule] of rules) {
  for (const category of rule.resolvedOptions().pluralCategories) {
    if (!(PLURAL_FORMS as readonly string[]).includes(category)) {
      throw new Error(
        `Language ${language} uses the plural category "${category}", which PLURAL_FORMS lacks.`,
      );
    }
  }
}

/** The plural form of `count` in `language`: `(1, 'de')` → `one`, `(5, 'de')` → `other`. */
export function pluralFormOf(count: number, language: Language): PluralForm {
  return rules.get(language)!.select(count) as PluralForm;
}

/** The forms of one plural text in one language. */
export type PluralForms = Readonly<Record<PluralForm, string>>;

/** The form of a plural text that fits `count`, placeholders still unfilled. */
export function pluralText(forms: PluralForms, count: number, language: Language): string {
  return forms[pluralFormOf(count, language)];
}
