/**
 * The version of the consent text a visitor is shown: the banner's five texts in the page's
 * language and the privacy policy's revision (its "last updated" date in that language). A
 * choice made on another version no longer counts (./store.ts), so a new purpose, a changed
 * banner or a changed privacy policy asks every visitor again. Computed on the server; the
 * page carries the version of every language, since a visitor may choose in one language and
 * come back in another. A change the editor marked wording only keeps the consents given to
 * the words before it (`earlierVersions`).
 */
import type { DictionaryOf } from '@/schemas';
import { BANNER_CONSENT_KEYS, earlierWordsThatCount } from '@/schemas/consent-text';
import type { Language } from '@/schemas/languages';
import { textVersion } from '@/web/site/text-version';
import { bannerTexts, type BannerTexts } from './banner-texts';

/** The exact text a visitor is asked to agree to, kept by version for the proof. */
export interface ShownBanner {
  readonly title: string;
  readonly body: string;
  readonly linkLabel: string;
  readonly accept: string;
  readonly decline: string;
  readonly privacyRevision: string;
}

export function shownBanner(texts: BannerTexts, privacyRevision: string | undefined): ShownBanner {
  const { title, body, linkLabel, accept, decline } = texts;
  return {
    title,
    body,
    linkLabel,
    accept,
    decline,
    privacyRevision: privacyRevision?.trim() ?? '',
  };
}

export function bannerVersion(shown: ShownBanner): string {
  return textVersion([
    shown.title,
    shown.body,
    shown.linkLabel,
    shown.accept,
    shown.decline,
    shown.privacyRevision,
  ]);
}

/** The banner shown in a language, or null where it is not shown (texts missing). */
export function publishedBanner(
  common: Pick<DictionaryOf<'common'>, 'cookieBanner'>,
  privacyPolicy: Pick<DictionaryOf<'privacyPolicy'>, 'lastUpdated'>,
): ShownBanner | null {
  const texts = bannerTexts(common.cookieBanner);
  return texts && shownBanner(texts, privacyPolicy.lastUpdated);
}

export type BannerVersions = Partial<Record<Language, string>>;

/**
 * The versions before a banner change marked wording only (schemas/consent-text.ts) whose
 * consents still count where `shown` is published: the same privacy policy revision, earlier
 * banner words. None once the banner changed again without the mark.
 */
export function earlierVersions(shown: ShownBanner, marks: unknown, language: Language): string[] {
  const now = BANNER_CONSENT_KEYS.map((key) => shown[key]);
  return earlierWordsThatCount(marks, language, now).map((words) => {
    const [title = '', body = '', linkLabel = '', accept = '', decline = ''] = words;
    const texts = { title, body, linkLabel, accept, decline };
    return bannerVersion(shownBanner(texts, shown.privacyRevision));
  });
}

/** Per language, the earlier versions whose consents still count (usually none). */
export type EarlierVersions = Partial<Record<Language, readonly string[]>>;
