/**
 * Texts of the Studio's own editing aids (the translation queue, the publish check beside
 * Publish, a text's actions menu, invisible characters, the preview links) in the interface languages
 * (interface-languages.ts): English and German, informal "du" as the site.
 */
import { defineInterfaceTexts, type LanguageNameKey } from './interface-languages';

export const EDITOR_NAMESPACE = 'rg-editor';

const en = {
  'translations.title': 'Translations',
  'translations.intro':
    'German and Turkish texts still to write, those whose English changed since they were translated (outdated), and those a translation check flags (too long, invisible characters, numbers or placeholders that differ from English…; blocking ones hold Publish back), in what you see in the Studio: a draft where there is one, else the published text. The site shows the English text where one is missing and keeps an outdated translation until it is revised. Step through them with Next and Previous, here or in any dictionary’s header, or from the text you are writing with Alt+Page Down and Alt+Page Up.',
  'translations.total': '{{language}}: {{missing}} of {{texts}} texts missing',
  'translations.total-draft': '{{count}} filled in drafts, not yet published',
  'translations.column.dictionary': 'Dictionary',
  'translations.unpublished': 'unpublished changes',
  'translations.complete': 'complete ({{texts}})',
  'translations.missing': '{{missing}} of {{texts}} missing',
  'translations.missing-title': 'Open {{title}} at its first missing {{language}} text',
  'translations.filled-in-draft': '{{count}} filled in the draft',
  'translations.checks': '{{count}} to check',
  'translations.checks-blocking': '{{count}} to check, {{blocking}} blocking Publish',
  'translations.checks-title':
    'Open {{title}} at its first {{language}} text with a check problem (blocking ones first)',
  'queue.language': 'Step through',
  'queue.all-languages': 'All languages',
  'queue.previous': 'Previous',
  'queue.next': 'Next',
  'queue.previous-title': 'Previous missing translation ({{language}})',
  'queue.next-title': 'Next missing translation ({{language}})',
  'queue.previous-keys': 'Alt+Page Up',
  'queue.next-keys': 'Alt+Page Down',
  'queue.count': '{{count}} to translate',
  'queue.empty': 'Nothing to translate',
  'queue.here': '{{count}} here',
  'publish-check.blocked': 'Can’t publish: {{field}}',
  'publish-check.blocked-more': 'Can’t publish: {{field}} and {{more}} more',
  'publish-check.title': 'Fix these to publish:',
  'consent-prompt.label': 'Publishing asks visitors again ({{languages}})',
  'consent-prompt.title':
    'This change alters the cookie banner or the privacy policy date visitors agreed to: every visitor who chose in these languages is asked for consent again. Only a typo or punctuation in the banner? Choose “Wording only” beside Publish.',
  'consent-prompt.wording-only': 'Wording only – don’t ask visitors again',
  'consent-prompt.wording-only-title':
    'The banner change keeps its meaning (a typo, punctuation): consents given to the words before still count. Change the banner again and visitors are asked again, unless you mark that change too.',
  'consent-prompt.wording-only-label': 'Wording only: visitors are not asked again ({{languages}})',
  'consent-prompt.wording-only-label-title':
    'Marked as wording only: after publishing, consents given to the words before still count. Change the banner again and visitors are asked again, unless you mark that change too.',
  'site-state.live': 'Live on the site',
  'site-state.held-back': 'Held back: {{problems}}',
  'site-state.pending': 'Published, not yet live everywhere: {{reasons}}',
  'site-state.not-on-site':
    'Published, not yet on the site: it arrives within seconds, unless the site held it back (its status says why)',
  'site-state.site-degraded':
    'Published, not yet live everywhere: the site reports a problem (its status says which)',
  'text-actions.all-languages': 'All languages',
  'invisible.after': '{{character}} after “{{word}}”',
  'invisible.at-start': '{{character}} at the start',
  'invisible.fix': 'Remove invisible characters',
  'on-the-site.preview': 'Preview',
  'on-the-site.preview-title': 'Open {{path}} in the Presentation tool, with unpublished changes',
} as const;

export type EditorTextKey = keyof typeof en | LanguageNameKey;

const de: Record<keyof typeof en, string> = {
  'translations.title': 'Übersetzungen',
  'translations.intro':
    'Deutsche und türkische Texte, die noch fehlen, solche, deren englischer Text sich seit der Übersetzung geändert hat (veraltet), und solche, die eine Übersetzungsprüfung markiert (zu lang, unsichtbare Zeichen, Zahlen oder Platzhalter, die vom Englischen abweichen …; blockierende verhindern das Veröffentlichen), so wie du sie im Studio siehst: im Entwurf, wo es einen gibt, sonst im veröffentlichten Text. Wo einer fehlt, zeigt die Website den englischen Text; eine veraltete Übersetzung zeigt sie weiter, bis sie überarbeitet ist. Mit Weiter und Zurück gehst du sie durch, hier oder im Kopf jedes Wörterbuchs, oder aus dem Text, den du gerade schreibst, mit Alt+Bild ab und Alt+Bild auf.',
  'translations.total': '{{language}}: {{missing}} von {{texts}} Texten fehlen',
  'translations.total-draft': '{{count}} in Entwürfen ausgefüllt, noch nicht veröffentlicht',
  'translations.column.dictionary': 'Wörterbuch',
  'translations.unpublished': 'unveröffentlichte Änderungen',
  'translations.complete': 'vollständig ({{texts}})',
  'translations.missing': '{{missing}} von {{texts}} fehlen',
  'translations.missing-title': '{{title}} beim ersten fehlenden Text auf {{language}} öffnen',
  'translations.filled-in-draft': '{{count}} im Entwurf ausgefüllt',
  'translations.checks': '{{count}} zu prüfen',
  'translations.checks-blocking':
    '{{count}} zu prüfen, {{blocking}} verhindern das Veröffentlichen',
  'translations.checks-title':
    '{{title}} beim ersten Text auf {{language}} mit einem Prüfhinweis öffnen (blockierende zuerst)',
  'queue.language': 'Durchgehen',
  'queue.all-languages': 'Alle Sprachen',
  'queue.previous': 'Zurück',
  'queue.next': 'Weiter',
  'queue.previous-title': 'Vorige fehlende Übersetzung ({{language}})',
  'queue.next-title': 'Nächste fehlende Übersetzung ({{language}})',
  'queue.previous-keys': 'Alt+Bild auf',
  'queue.next-keys': 'Alt+Bild ab',
  'queue.count': '{{count}} zu übersetzen',
  'queue.empty': 'Nichts zu übersetzen',
  'queue.here': '{{count}} hier',
  'publish-check.blocked': 'Veröffentlichen nicht möglich: {{field}}',
  'publish-check.blocked-more': 'Veröffentlichen nicht möglich: {{field}} und {{more}} weitere',
  'publish-check.title': 'Behebe das, um zu veröffentlichen:',
  'consent-prompt.label': 'Veröffentlichen fragt erneut nach Zustimmung ({{languages}})',
  'consent-prompt.title':
    'Diese Änderung betrifft das Cookie-Banner oder das Datum der Datenschutzerklärung, dem Besucher zugestimmt haben: Wer in diesen Sprachen gewählt hat, wird erneut gefragt. Nur ein Tippfehler oder Satzzeichen im Banner? Wähle „Nur Formulierung“ neben Veröffentlichen.',
  'consent-prompt.wording-only': 'Nur Formulierung – Besucher nicht erneut fragen',
  'consent-prompt.wording-only-title':
    'Die Änderung am Banner behält ihre Bedeutung (ein Tippfehler, Satzzeichen): Zustimmungen zum bisherigen Wortlaut gelten weiter. Änderst du das Banner erneut, werden Besucher wieder gefragt, außer du markierst auch diese Änderung.',
  'consent-prompt.wording-only-label':
    'Nur Formulierung: Besucher werden nicht erneut gefragt ({{languages}})',
  'consent-prompt.wording-only-label-title':
    'Als reine Formulierung markiert: Nach dem Veröffentlichen gelten Zustimmungen zum bisherigen Wortlaut weiter. Änderst du das Banner erneut, werden Besucher wieder gefragt, außer du markierst auch diese Änderung.',
  'site-state.live': 'Live auf der Website',
  'site-state.held-back': 'Zurückgehalten: {{problems}}',
  'site-state.pending': 'Veröffentlicht, noch nicht überall live: {{reasons}}',
  'site-state.not-on-site':
    'Veröffentlicht, noch nicht auf der Website: Das dauert Sekunden, außer die Website hat es zurückgehalten (ihr Status sagt, warum)',
  'site-state.site-degraded':
    'Veröffentlicht, noch nicht überall live: Die Website meldet ein Problem (ihr Status sagt, welches)',
  'text-actions.all-languages': 'Alle Sprachen',
  'invisible.after': '{{character}} nach „{{word}}“',
  'invisible.at-start': '{{character}} am Anfang',
  'invisible.fix': 'Unsichtbare Zeichen entfernen',
  'on-the-site.preview': 'Vorschau',
  'on-the-site.preview-title':
    '{{path}} im Präsentationswerkzeug öffnen, mit unveröffentlichten Änderungen',
};

export const editorBundles = defineInterfaceTexts(EDITOR_NAMESPACE, { en, de });
