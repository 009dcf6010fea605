/**
 * The Versions tool's texts in the Studio's interface languages (interface-languages.ts):
 * English and German (informal "du", as the site). Counted texts have a `_one` and an `_other`
 * form, which Sanity (i18next) picks by `count`. Sanity picks the bundle of the locale
 * the editor chose in the user menu.
 */
import { defineInterfaceTexts, type LanguageNameKey } from '../interface-languages';

export const VERSIONS_NAMESPACE = 'rg-versions';

const en = {
  title: 'Versions',
  intro:
    'Every version of a dictionary that went live is kept here, the newest {{kept}} of each. Compare one with the live texts and restore it: it is published at once and is on the site within seconds. A restore is a version too, so you can undo it.',
  'history-note':
    'A document’s own History (the clock in its toolbar) can also revert to an earlier revision, but only into a draft, which goes live when you press Publish. Restoring here publishes at once.',
  'tab.dictionary': 'One dictionary',
  'tab.site': 'Whole site',
  'dictionary.label': 'Dictionary',
  'draft.note':
    '{{title}} has unpublished changes (a draft): someone is editing it. Publish or discard the draft first, then restore.',
  'open-in-editor': 'Open in the editor',
  loading: 'Loading versions…',
  'list.heading': 'Versions that went live, newest first',
  'list.empty':
    'No version of {{title}} is kept yet. Versions are kept from its first publish that goes live.',
  'list.live': 'Live now',
  'list.same-as': 'Same texts as the version from {{time}}',
  'list.by': 'by {{name}}',
  'list.compare': 'Compare with live',
  'release.title': 'Release “{{title}}”',
  'compare.heading': 'The version from {{time}} beside the live texts',
  'compare.only-changed': 'Only changed texts',
  'compare.tab': '{{language}} ({{count}} changed)',
  'compare.column.key': 'Text',
  'compare.column.version': 'This version',
  'compare.column.live': 'Live now',
  'compare.changed': 'Changed',
  'compare.missing': '(empty)',
  'compare.none-changed': 'No text differs in {{language}}.',
  'restore.button': 'Restore this version',
  'restore.confirm.title': 'Restore this version of {{title}}?',
  'restore.confirm.body_one':
    'After this, the site shows the version from {{time}}: it is published at once and goes live within seconds; one text changes. The texts live now stay in the list, so you can undo it.',
  'restore.confirm.body_other':
    'After this, the site shows the version from {{time}}: it is published at once and goes live within seconds; {{count}} texts change. The texts live now stay in the list, so you can undo it.',
  'undo.confirm.title': 'Undo the restore of {{title}}?',
  'restore.cancel': 'Cancel',
  'restore.ok': 'Restore',
  'restore.working': 'Restoring…',
  'restore.done': '{{title}} is back to the version from {{time}}. It goes live within seconds.',
  'restore.undo': 'Undo this restore',
  'restore.failed': 'The restore failed: {{message}}',
  'site.label': 'Restore the site as it was at',
  'site.hint':
    'Your local time. Every dictionary that changed since then goes back to the version that was live at that moment: all of them together, or none.',
  'site.preview': 'Show what changes',
  'site.list.heading_one': 'One dictionary changes:',
  'site.list.heading_other': '{{count}} dictionaries change:',
  'site.item_one': 'back to the version from {{time}}; one text changes',
  'site.item_other': 'back to the version from {{time}}; {{count}} texts change',
  'site.restore_one': 'Restore this dictionary',
  'site.restore_other': 'Restore these {{count}} dictionaries',
  'site.confirm.title': 'Restore the site as it was at {{time}}?',
  'site.confirm.body_one':
    'After this, the site shows the texts it had at {{time}}: the dictionary listed is published at once and goes live within seconds. Each restore is a new version, so you can undo it.',
  'site.confirm.body_other':
    'After this, the site shows the texts it had at {{time}}: the {{count}} dictionaries listed are published at once, together, and go live within seconds. Each restore is a new version, so you can undo it.',
  'site.releases.heading': 'Releases that went live, newest first',
  'site.release.live': 'Went live {{time}}: {{titles}}',
  'site.release.restore': 'Restore the site as it was just before “{{title}}”',
  'site.undo.confirm.title': 'Undo the restore of the whole site?',
  'site.undo.confirm.body_one':
    'After this, the site shows again what it showed before the restore: one dictionary goes back, live within seconds:',
  'site.undo.confirm.body_other':
    'After this, the site shows again what it showed before the restore: {{count}} dictionaries go back together, live within seconds:',
  'site.undo.item_one': 'the version from {{time}}; one text changes',
  'site.undo.item_other': 'the version from {{time}}; {{count}} texts change',
  'site.undo.done_one':
    'The restore is undone: one dictionary is back as before it, live within seconds.',
  'site.undo.done_other':
    'The restore is undone: {{count}} dictionaries are back as before it, live within seconds.',
  'site.done_one':
    'The site is back as it was at {{time}}: one dictionary published, live within seconds.',
  'site.done_other':
    'The site is back as it was at {{time}}: {{count}} dictionaries published, live within seconds.',
  'refusal.no-versions':
    'No version of {{title}} is kept yet: versions are kept from the first publish that goes live.',
  'refusal.no-versions-site':
    'No version is kept yet: versions are kept from the first publish that goes live.',
  'refusal.unknown-version':
    '{{title}} no longer keeps this version (only the newest are kept). Choose another one from the list.',
  'refusal.before-first':
    'Nothing that old is kept for {{titles}}: the oldest version went live {{time}}. Choose a later time.',
  'refusal.future':
    'The site cannot go back to {{time}}: that time is in the future. Choose a time before now.',
  'refusal.draft':
    '{{titles}}: unpublished changes (a draft), someone is editing. Publish or discard the draft first, then restore. Nothing was changed.',
  'refusal.invalid':
    'This version no longer passes today’s checks, so it cannot go live. Nothing was changed:',
  'refusal.unchanged': 'Nothing to restore: {{title}} already has exactly these texts.',
  'refusal.unchanged-site':
    'Nothing to restore: every dictionary already has the texts it had then.',
  'refusal.changed-meanwhile':
    '{{titles}} changed meanwhile. Nothing was changed: look at the versions again and retry.',
} as const;

/** A counted text is asked for by its name without the suffix, with `count`. */
type Counted<K> = K extends `${infer Name}_${'one' | 'other'}` ? Name : K;
export type VersionsTextKey = Counted<keyof typeof en> | LanguageNameKey;

const de: Record<keyof typeof en, string> = {
  title: 'Versionen',
  intro:
    'Hier bleibt jede Version eines Wörterbuchs erhalten, die live gegangen ist, jeweils die neuesten {{kept}}. Vergleiche eine mit den Live-Texten und stelle sie wieder her: Sie wird sofort veröffentlicht und ist in wenigen Sekunden auf der Website. Auch eine Wiederherstellung ist eine Version, du kannst sie also rückgängig machen.',
  'history-note':
    'Auch der Verlauf eines Dokuments (die Uhr in seiner Werkzeugleiste) kann zu einer früheren Revision zurückkehren, aber nur in einen Entwurf, der erst live geht, wenn du auf Veröffentlichen klickst. Eine Wiederherstellung hier veröffentlicht sofort.',
  'tab.dictionary': 'Ein Wörterbuch',
  'tab.site': 'Ganze Website',
  'dictionary.label': 'Wörterbuch',
  'draft.note':
    '{{title}} hat unveröffentlichte Änderungen (einen Entwurf): Jemand bearbeitet es gerade. Veröffentliche oder verwirf den Entwurf zuerst und stelle dann wieder her.',
  'open-in-editor': 'Im Editor öffnen',
  loading: 'Versionen werden geladen …',
  'list.heading': 'Versionen, die live gegangen sind, die neueste zuerst',
  'list.empty':
    'Von {{title}} ist noch keine Version gespeichert. Versionen werden ab der ersten Veröffentlichung gespeichert, die live geht.',
  'list.live': 'Jetzt live',
  'list.same-as': 'Dieselben Texte wie die Version vom {{time}}',
  'list.by': 'von {{name}}',
  'list.compare': 'Mit Live-Version vergleichen',
  'release.title': 'Release „{{title}}“',
  'compare.heading': 'Die Version vom {{time}} neben den Live-Texten',
  'compare.only-changed': 'Nur geänderte Texte',
  'compare.tab': '{{language}} ({{count}} geändert)',
  'compare.column.key': 'Text',
  'compare.column.version': 'Diese Version',
  'compare.column.live': 'Jetzt live',
  'compare.changed': 'Geändert',
  'compare.missing': '(leer)',
  'compare.none-changed': 'Auf {{language}} unterscheidet sich kein Text.',
  'restore.button': 'Diese Version wiederherstellen',
  'restore.confirm.title': 'Diese Version von {{title}} wiederherstellen?',
  'restore.confirm.body_one':
    'Danach zeigt die Website die Version vom {{time}}: Sie wird sofort veröffentlicht und geht in wenigen Sekunden live; ein Text ändert sich. Die Texte, die jetzt live sind, bleiben in der Liste, du kannst es also rückgängig machen.',
  'restore.confirm.body_other':
    'Danach zeigt die Website die Version vom {{time}}: Sie wird sofort veröffentlicht und geht in wenigen Sekunden live; {{count}} Texte ändern sich. Die Texte, die jetzt live sind, bleiben in der Liste, du kannst es also rückgängig machen.',
  'undo.confirm.title': 'Wiederherstellung von {{title}} rückgängig machen?',
  'restore.cancel': 'Abbrechen',
  'restore.ok': 'Wiederherstellen',
  'restore.working': 'Wird wiederhergestellt …',
  'restore.done':
    '{{title}} ist wieder auf der Version vom {{time}}. Sie geht in wenigen Sekunden live.',
  'restore.undo': 'Wiederherstellung rückgängig machen',
  'restore.failed': 'Die Wiederherstellung ist fehlgeschlagen: {{message}}',
  'site.label': 'Die Website so wiederherstellen, wie sie war am',
  'site.hint':
    'Deine Ortszeit. Jedes Wörterbuch, das sich seitdem geändert hat, kehrt zu der Version zurück, die in diesem Moment live war: alle zusammen oder keines.',
  'site.preview': 'Zeigen, was sich ändert',
  'site.list.heading_one': 'Ein Wörterbuch ändert sich:',
  'site.list.heading_other': '{{count}} Wörterbücher ändern sich:',
  'site.item_one': 'zurück zur Version vom {{time}}; ein Text ändert sich',
  'site.item_other': 'zurück zur Version vom {{time}}; {{count}} Texte ändern sich',
  'site.restore_one': 'Dieses Wörterbuch wiederherstellen',
  'site.restore_other': 'Diese {{count}} Wörterbücher wiederherstellen',
  'site.confirm.title': 'Die Website so wiederherstellen, wie sie am {{time}} war?',
  'site.confirm.body_one':
    'Danach zeigt die Website die Texte vom {{time}}: Das aufgeführte Wörterbuch wird sofort veröffentlicht und geht in wenigen Sekunden live. Jede Wiederherstellung ist eine neue Version, du kannst sie also rückgängig machen.',
  'site.confirm.body_other':
    'Danach zeigt die Website die Texte vom {{time}}: Die {{count}} aufgeführten Wörterbücher werden sofort und gemeinsam veröffentlicht und gehen in wenigen Sekunden live. Jede Wiederherstellung ist eine neue Version, du kannst sie also rückgängig machen.',
  'site.releases.heading': 'Releases, die live gegangen sind, das neueste zuerst',
  'site.release.live': 'Am {{time}} live gegangen: {{titles}}',
  'site.release.restore': 'Die Website so wiederherstellen, wie sie direkt vor „{{title}}“ war',
  'site.undo.confirm.title': 'Wiederherstellung der ganzen Website rückgängig machen?',
  'site.undo.confirm.body_one':
    'Danach zeigt die Website wieder, was sie vor der Wiederherstellung gezeigt hat: ein Wörterbuch kehrt zurück, in wenigen Sekunden live:',
  'site.undo.confirm.body_other':
    'Danach zeigt die Website wieder, was sie vor der Wiederherstellung gezeigt hat: {{count}} Wörterbücher kehren gemeinsam zurück, in wenigen Sekunden live:',
  'site.undo.item_one': 'die Version vom {{time}}; ein Text ändert sich',
  'site.undo.item_other': 'die Version vom {{time}}; {{count}} Texte ändern sich',
  'site.undo.done_one':
    'Die Wiederherstellung ist rückgängig gemacht: ein Wörterbuch ist wieder wie davor, in wenigen Sekunden live.',
  'site.undo.done_other':
    'Die Wiederherstellung ist rückgängig gemacht: {{count}} Wörterbücher sind wieder wie davor, in wenigen Sekunden live.',
  'site.done_one':
    'Die Website ist wieder so wie am {{time}}: ein Wörterbuch veröffentlicht, in wenigen Sekunden live.',
  'site.done_other':
    'Die Website ist wieder so wie am {{time}}: {{count}} Wörterbücher veröffentlicht, in wenigen Sekunden live.',
  'refusal.no-versions':
    'Von {{title}} ist noch keine Version gespeichert: Versionen werden ab der ersten Veröffentlichung gespeichert, die live geht.',
  'refusal.no-versions-site':
    'Es ist noch keine Version gespeichert: Versionen werden ab der ersten Veröffentlichung gespeichert, die live geht.',
  'refusal.unknown-version':
    '{{title}} hat diese Version nicht mehr (nur die neuesten bleiben erhalten). Wähle eine andere aus der Liste.',
  'refusal.before-first':
    'So alte Versionen gibt es von {{titles}} nicht: Die älteste ging am {{time}} live. Wähle einen späteren Zeitpunkt.',
  'refusal.future':
    'Die Website kann nicht zum {{time}} zurückkehren: Dieser Zeitpunkt liegt in der Zukunft. Wähle einen früheren Zeitpunkt.',
  'refusal.draft':
    '{{titles}}: unveröffentlichte Änderungen (ein Entwurf), jemand bearbeitet es gerade. Veröffentliche oder verwirf den Entwurf zuerst und stelle dann wieder her. Es wurde nichts geändert.',
  'refusal.invalid':
    'Diese Version besteht die heutigen Prüfungen nicht mehr und kann deshalb nicht live gehen. Es wurde nichts geändert:',
  'refusal.unchanged': 'Nichts wiederherzustellen: {{title}} hat bereits genau diese Texte.',
  'refusal.unchanged-site':
    'Nichts wiederherzustellen: Jedes Wörterbuch hat bereits die Texte von damals.',
  'refusal.changed-meanwhile':
    '{{titles}} hat sich inzwischen geändert. Es wurde nichts geändert: Sieh dir die Versionen noch einmal an und versuche es erneut.',
};

export const versionsBundles = defineInterfaceTexts(VERSIONS_NAMESPACE, { en, de });
