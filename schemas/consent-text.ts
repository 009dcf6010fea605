/**
 * What a visitor agrees to in the cookie banner: these texts of `common.cookieBanner` and the
 * privacy policy's `lastUpdated`, in the visitor's language. The site versions them and asks
 * every visitor again when they change (web/consent/version.ts); the Studio says so before
 * such a change is published (studio/consent-prompt.ts).
 */
import { getDictionary, type Namespace } from './index';
import { LANGUAGES, type Language } from './languages';
import { splitDocument } from './walk';

export const BANNER_CONSENT_KEYS = ['title', 'body', 'linkLabel', 'accept', 'decline'] as const;

/** The texts of a dictionary that are part of the consent text, as key paths; none: []. */
export function consentTextPaths(namespace: Namespace): readonly (readonly string[])[] {
  if (namespace === 'common') return BANNER_CONSENT_KEYS.map((key) => ['cookieBanner', key]);
  if (namespace === 'privacyPolicy') return [['lastUpdated']];
  return [];
}

/** A text as the site shows it from a stored (Studio) document: in `language`, trimmed. */
function shownText(
  namespace: Namespace,
  document: object,
  language: Language,
  path: readonly string[],
): string {
  const { value } = splitDocument(getDictionary(namespace), document, language, '');
  let node: unknown = value;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return typeof node === 'string' ? node.trim() : '';
}

/**
 * The languages whose consent text a draft changes against the published document: publishing
 * it asks every visitor who chose in them again (none: it asks no one).
 */
export function languagesAskedAgain(
  namespace: Namespace,
  draft: object | null | undefined,
  published: object | null | undefined,
): Language[] {
  const paths = consentTextPaths(namespace);
  if (!draft || !published || paths.length === 0) return [];
  return LANGUAGES.filter((language) =>
    paths.some(
      (path) =>
        shownText(namespace, draft, language, path) !==
        shownText(namespace, published, language, path),
    ),
  );
}

/**
 * "Wording only": the editor's mark that a pending banner change keeps its meaning, so the
 * consents given to the words before it still count. Kept in the `common` document beside the
 * texts (hidden, never published in /locales), per language, as JSON: the five banner texts
 * it was marked for (`now`) and the earlier texts that still count (`earlier`). It is derived,
 * never a bare flag: it counts only while the published banner shows exactly `now`, so any
 * later change that is not marked again asks every visitor again.
 */
export const CONSENT_WORDING_ONLY = 'consentWordingOnly';

/** The five banner texts in a language, in `BANNER_CONSENT_KEYS` order, trimmed. */
export type BannerWords = readonly string[];

interface WordingOnly {
  readonly now: BannerWords;
  readonly earlier: readonly BannerWords[];
}

/** The most earlier wordings a mark keeps: a chain of typo fixes, not a history. */
const MAX_EARLIER = 10;

const isWords = (value: unknown): value is BannerWords =>
  Array.isArray(value) &&
  value.length === BANNER_CONSENT_KEYS.length &&
  value.every((text) => typeof text === 'string');

const sameWords = (a: BannerWords, b: BannerWords) => a.every((text, index) => text === b[index]);

/** A language's mark from the stored field, or null (absent or malformed: nothing counts). */
function parseMark(field: unknown, language: Language): WordingOnly | null {
  const raw = (field as Record<string, unknown> | null | undefined)?.[language];
  if (typeof raw !== 'string') return null;
  try {
    const { now, earlier } = JSON.parse(raw) as Partial<WordingOnly>;
    if (!isWords(now) || !Array.isArray(earlier) || !earlier.every(isWords)) return null;
    return { now, earlier };
  } catch {
    return null;
  }
}

/** The earlier banner texts whose consents still count where the banner shows `now`. */
export function earlierWordsThatCount(
  field: unknown,
  language: Language,
  now: BannerWords,
): readonly BannerWords[] {
  const mark = parseMark(field, language);
  return mark && sameWords(mark.now, now) ? mark.earlier : [];
}

/** The banner texts a stored `common` document shows in a language (English fallback). */
export function bannerWords(document: object, language: Language): BannerWords {
  return BANNER_CONSENT_KEYS.map((key) =>
    shownText('common', document, language, ['cookieBanner', key]),
  );
}

function fieldOf(document: object | null | undefined): Record<string, unknown> {
  const field = (document as Record<string, unknown> | null | undefined)?.[CONSENT_WORDING_ONLY];
  return typeof field === 'object' && field !== null ? (field as Record<string, unknown>) : {};
}

/** The languages whose pending banner change is marked wording only (asks no one again). */
export function languagesMarkedWordingOnly(
  draft: object | null | undefined,
  published: object | null | undefined,
): Language[] {
  if (!draft || !published) return [];
  return languagesAskedAgain('common', draft, published).filter((language) =>
    earlierWordsThatCount(fieldOf(draft), language, bannerWords(draft, language)).some((words) =>
      sameWords(words, bannerWords(published, language)),
    ),
  );
}

/**
 * The field value that marks the draft's banner change as wording only: in every language
 * it changes, the published texts (and those that counted with them) still count for the
 * draft's. Publishing the draft with it asks no one again.
 */
export function markWordingOnly(
  draft: object,
  published: object,
): Partial<Record<Language, string>> {
  const field: Record<string, unknown> = { ...fieldOf(draft) };
  for (const language of languagesAskedAgain('common', draft, published)) {
    const before = bannerWords(published, language);
    const now = bannerWords(draft, language);
    const kept = earlierWordsThatCount(fieldOf(published), language, before);
    const earlier = [...kept, before]
      .filter((words, index, all) => all.findIndex((other) => sameWords(other, words)) === index)
      .filter((words) => !sameWords(words, now))
      .slice(-MAX_EARLIER);
    field[language] = JSON.stringify({ now, earlier });
  }
  return Object.fromEntries(
    Object.entries(field).filter(
      (entry): entry is [Language, string] =>
        (LANGUAGES as readonly string[]).includes(entry[0]) && typeof entry[1] === 'string',
    ),
  );
}
