/** Header, main landmark, footer and consent banner around every page. */
import type { ReactNode } from 'react';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { normaliseFooter, normaliseHeader } from '@/web/chrome/chrome-models';
import { bannerTexts } from '../consent/banner-texts';
import { ClientRuntime } from '../client/ClientRuntime';
import { CookieSettingsButton } from '../consent/CookieSettingsButton';
import {
  bannerVersion,
  earlierVersions,
  publishedBanner,
  type BannerVersions,
  type EarlierVersions,
} from '../consent/version';
import { markForeignTexts } from '../i18n/foreign-texts';
import { pagePath } from '@/schemas/language-paths';
import { resolveServerComponents } from '../site/server-tree';
import { plainText } from '../site/plain-text';
import { PreviewBar } from '../preview/PreviewBar';
import { PreviewEditing } from '../preview/VisualEditing';
import type { PageSource } from '../site/page-source';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * The banner text version of every language, for the choice a returning visitor made in any,
 * and the earlier versions that still count (a change marked wording only).
 */
async function bannerVersions(
  source: PageSource,
): Promise<{ versions: BannerVersions; earlier: EarlierVersions }> {
  const marks = (await source.consentWordingOnly?.()) ?? null;
  const entries = await Promise.all(
    LANGUAGES.map(async (language) => {
      const [common, privacyPolicy] = await Promise.all([
        source.body(language, 'common'),
        source.body(language, 'privacyPolicy'),
      ]);
      const shown = publishedBanner(common, privacyPolicy);
      if (!shown) return [];
      const earlier = earlierVersions(shown, marks, language);
      return [{ language, version: bannerVersion(shown), earlier }];
    }),
  );
  const flat = entries.flat();
  return {
    versions: Object.fromEntries(flat.map(({ language, version }) => [language, version])),
    earlier: Object.fromEntries(
      flat
        .filter(({ earlier }) => earlier.length > 0)
        .map(({ language, earlier }) => [language, earlier]),
    ),
  };
}

/** Rendered by each page (not the layout), because the header needs the page's path. */
export async function SiteShell({
  language,
  currentPath,
  source,
  children,
}: {
  language: Language;
  /** Where the texts come from: the published dictionaries, or a preview's drafts. */
  source: PageSource;
  /** The page's path without language prefix (`/about`), or null on the not-found page. */
  currentPath: string | null;
  children: ReactNode;
}) {
  const { preview } = source;
  const [common, layout, footer, { versions, earlier }] = await Promise.all([
    source.body(language, 'common'),
    source.body(language, 'layout'),
    source.body(language, 'footer'),
    preview ? { versions: {}, earlier: {} } : bannerVersions(source),
  ]);
  // The bar stays readable in keys mode: it is how the editor leaves keys mode again.
  const barTexts = preview ? (await source.head(language, 'common')).preview : undefined;
  const header = normaliseHeader(layout);
  const buildYear = new Date().getFullYear();
  const footerModel = normaliseFooter(footer, buildYear, plainText);
  const page = (
    <>
      <a href="#main" className="skip-link">
        {common.labels.skipToContent}
      </a>
      {preview && barTexts && (
        <PreviewBar
          texts={barTexts}
          keys={preview.keys}
          pagePath={pagePath(currentPath?.slice(1) ?? '', language)}
        />
      )}
      {/* First after the skip link: the cookie choice is early in the tab order (laid out last).
          Never in a preview: an editor is no visitor to ask, and the banner covered a sixth of
          the Studio's frame without a way to dismiss it there. */}
      <ClientRuntime
        texts={preview ? null : bannerTexts(common.cookieBanner)}
        privacyHref={pagePath('privacy-policy', language)}
        language={language}
        versions={versions}
        earlierVersions={earlier}
      />
      {header && (
        <Header
          model={header}
          languages={common.languages}
          language={language}
          currentPath={currentPath}
        />
      )}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {footerModel && (
        <Footer
          model={footerModel}
          language={language}
          wordmark={layout.brand.wordmark}
          buildYear={buildYear}
          extra={<CookieSettingsButton label={common.cookieBanner.settings} />}
        />
      )}
      {preview && <PreviewEditing />}
    </>
  );
  const { foreignTexts } = source;
  return foreignTexts
    ? resolveServerComponents(page, markForeignTexts(foreignTexts, language))
    : page;
}
