import type { Viewport } from 'next';
import { displayFont, displayFontExtended } from '@/web/head/fonts';
import { assertLanguage, languageParams } from '@/web/site/page-params';
import { CONSENT_HEAD_SCRIPT } from '@/web/consent/stored-choice';
import '@/web/styles/site.css';
import { handSiteRenderCheck } from '@/web/render/render-check';

// `next build` runs no instrumentation.ts: an entry that reads dictionaries while it is
// prerendered hands the gate its render check itself (web/dictionaries/site-gate.ts).
handSiteRenderCheck();

export const generateStaticParams = languageParams;
export const viewport: Viewport = { themeColor: '#120f24', colorScheme: 'dark' };

export default async function LanguageLayout({ children, params }: LayoutProps<'/[lang]'>) {
  const language = assertLanguage((await params).lang);
  return (
    // The head script may set data-consent on <html> before React hydrates.
    <html
      lang={language}
      className={`${displayFont.variable} ${displayFontExtended.variable}`}
      suppressHydrationWarning
    >
      <head>
        <script dangerouslySetInnerHTML={{ __html: CONSENT_HEAD_SCRIPT }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
