/**
 * The texts of the translation status (the note beside an outdated translation, its
 * actions, the counts in the Translations tool) in the Studio's interface languages
 * (../interface-languages.ts): English and German (informal "du", as the Versions tool).
 */
import { definePlugin } from 'sanity';
import { defineInterfaceTexts, type LanguageNameKey } from '../interface-languages';

export const TRANSLATION_STATUS_NAMESPACE = 'rg-translation-status';

const en = {
  'outdated.note-in': '{{language}}: English changed since this was translated',
  'outdated.before': 'Translated from',
  'outdated.after': 'English now',
  'outdated.removed': 'removed:',
  'outdated.added': 'added:',
  'outdated.keep': 'Still correct',
  'outdated.keep-language': '{{language}} still correct',
  'outdated.keep-title':
    'The {{language}} text still says what the English says: mark it current without editing it',
  'wording.note':
    'English changed, so {{languages}} now show as outdated. Only a typo or punctuation?',
  'wording.keep': 'Wording only – keep translations current',
  'copy.note':
    '{{languages}}: the same as the English before it changed, as an address is in every language',
  'copy.change': 'Change in every language',
  'overview.outdated': '{{count}} outdated',
  'overview.outdated-title':
    'Open {{title}} at its first {{language}} text whose English changed since it was translated',
  'language.and': '{{first}} and {{second}}',
} as const;

export type TranslationStatusTextKey = keyof typeof en | LanguageNameKey;

const de: Record<keyof typeof en, string> = {
  'outdated.note-in': '{{language}}: Das Englische hat sich seit der Übersetzung geändert',
  'outdated.before': 'Übersetzt aus',
  'outdated.after': 'Englisch jetzt',
  'outdated.removed': 'entfernt:',
  'outdated.added': 'hinzugefügt:',
  'outdated.keep': 'Stimmt noch',
  'outdated.keep-language': '{{language}} stimmt noch',
  'outdated.keep-title':
    'Der Text auf {{language}} sagt noch, was das Englische sagt: als aktuell markieren, ohne ihn zu bearbeiten',
  'wording.note':
    'Das Englische hat sich geändert, daher gelten {{languages}} jetzt als veraltet. Nur ein Tippfehler oder Satzzeichen?',
  'wording.keep': 'Nur Formulierung – Übersetzungen bleiben aktuell',
  'copy.note':
    '{{languages}}: gleich dem Englischen vor der Änderung, wie eine Adresse in jeder Sprache',
  'copy.change': 'In jeder Sprache ändern',
  'overview.outdated': '{{count}} veraltet',
  'overview.outdated-title':
    '{{title}} beim ersten Text auf {{language}} öffnen, dessen Englisch sich seit der Übersetzung geändert hat',
  'language.and': '{{first}} und {{second}}',
};

/** Registers the texts; the inputs and the Translations tool read them. */
export const translationStatusTexts = definePlugin({
  name: 'rg-translation-status',
  i18n: {
    bundles: defineInterfaceTexts(TRANSLATION_STATUS_NAMESPACE, { en, de }),
  },
});
