/**
 * The press kit download, built from the project's own material: the logo files (the
 * site icon, the wordmark outlined from the brand font as SVG and PNG) and one fact
 * sheet per language, written from the published dictionaries (About page, press
 * contacts, footer), so it always says what the site says.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import type { DictionaryOf } from '@/schemas';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { normaliseFooter } from '@/web/chrome/chrome-models';
import { normaliseAbout, normalisePressKit } from '@/web/pages/page-models';
import { presentText } from '@/web/ui/presence';
import { pagePath } from '@/schemas/language-paths';
import type { LoadDictionary } from '../site/page-source';
import { siteUrl } from '../site/site-settings';
import { fontsOf, textRuns } from '../site/text-metrics';
import { zip, type ZipEntry } from './zip';

export const PRESS_KIT_FILE = 'rg-press-kit.zip';

const COLORS = { ink: '#120f24', accent: '#c8f560', shadow: '#6f5cff', text: '#f4f1ff' };

/**
 * The wordmark as SVG paths (no font needed to open it), lime plate with a purple shadow.
 * Each character comes from the font file that draws it; one no file draws is left out.
 */
function wordmarkSvg(wordmark: string): string {
  const font = fontsOf(700)[0]!;
  const spacing = 0.04 * font.unitsPerEm;
  let x = 0;
  const glyphs: string[] = [];
  for (const run of textRuns(wordmark, 700)) {
    if (!run.font) continue;
    const laid = run.font.layout(run.text);
    laid.glyphs.forEach((glyph, index) => {
      glyphs.push(`<path transform="translate(${x.toFixed(1)} 0)" d="${glyph.path.toSVG()}"/>`);
      x += laid.positions[index]!.xAdvance + spacing;
    });
  }
  x = Math.max(x, spacing);
  const padX = 0.55 * font.unitsPerEm;
  const padY = 0.35 * font.unitsPerEm;
  const shadow = 0.16 * font.unitsPerEm;
  const width = Math.ceil(x - spacing + 2 * padX);
  const height = Math.ceil(font.capHeight + 2 * padY);
  const radius = 0.25 * font.unitsPerEm;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width + shadow} ${height + shadow}">`,
    `<rect x="${shadow}" y="${shadow}" width="${width}" height="${height}" rx="${radius}" fill="${COLORS.shadow}"/>`,
    `<rect width="${width}" height="${height}" rx="${radius}" fill="${COLORS.accent}"/>`,
    `<g fill="${COLORS.ink}" transform="translate(${padX} ${padY + font.capHeight}) scale(1 -1)">`,
    ...glyphs,
    '</g></svg>',
  ].join('');
}

async function wordmarkPng(wordmark: string): Promise<Uint8Array> {
  const svg = wordmarkSvg(wordmark);
  const image = new ImageResponse(
    <div style={{ display: 'flex', width: '100%', height: '100%', padding: 64 }}>
      {/* Drawn into a PNG by ImageResponse, never served as a page: next/image does not apply. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        alt=""
        width={896}
        height={384}
        src={`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`}
        style={{ objectFit: 'contain', width: '100%', height: '100%' }}
      />
    </div>,
    { width: 1024, height: 512 },
  );
  return new Uint8Array(await image.arrayBuffer());
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface FactSheetSource {
  language: Language;
  siteUrl: string;
  about: DictionaryOf<'about'>;
  pressKit: DictionaryOf<'pressKit'>;
  footer: DictionaryOf<'footer'>;
}

/** One language's fact sheet: a self-contained, printable HTML page. */
function factSheetHtml({ language, siteUrl, about, pressKit, footer }: FactSheetSource) {
  const aboutModel = normaliseAbout(about);
  const press = normalisePressKit(pressKit);
  const footerModel = normaliseFooter(footer, new Date().getFullYear());
  const brand = footerModel?.brand.name ?? presentText(footer.brand.name) ?? '';
  const title = presentText(pressKit.factSheet.title) ?? presentText(pressKit.meta.title) ?? brand;
  const website = `${siteUrl}${pagePath('', language) === '/' ? '' : pagePath('', language)}`;
  const section = (heading: string | undefined, body: string) =>
    body ? `<section>${heading ? `<h2>${escapeHtml(heading)}</h2>` : ''}${body}</section>` : '';
  const paragraph = (text?: string) => (text ? `<p>${escapeHtml(text)}</p>` : '');
  const hero = aboutModel?.hero;
  const facts = (hero?.stats ?? [])
    .map(
      (stat) =>
        `<dt>${escapeHtml(stat.label)}</dt><dd><strong>${escapeHtml(stat.value)}</strong>${stat.description ? ` – ${escapeHtml(stat.description)}` : ''}</dd>`,
    )
    .join('');
  const timeline = (aboutModel?.timeline?.items ?? [])
    .map((item) => `<li><strong>${escapeHtml(item.year)}</strong> ${escapeHtml(item.title)}</li>`)
    .join('');
  const contacts = (press?.contacts?.items ?? [])
    .map(
      (contact) =>
        `<li>${escapeHtml(contact.label)}: <a href="mailto:${escapeHtml(contact.email)}">${escapeHtml(contact.email)}</a></li>`,
    )
    .join('');
  const social = (footerModel?.social?.links ?? [])
    .map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></li>`)
    .join('');
  const websiteLabel = presentText(pressKit.factSheet.website) ?? website;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${brand} – ${title}`)}</title>
<style>
body{font:16px/1.55 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#120f24}
h1{font-size:2rem;margin:0 0 .25rem}h2{font-size:1.2rem;margin:1.75rem 0 .5rem;border-bottom:2px solid #c8f560}
dt{font-weight:700;margin-top:.5rem}dd{margin:0}ul{padding-left:1.2rem}a{color:#3a2fb5}
</style>
</head>
<body>
<h1>${escapeHtml(brand)}</h1>
<p><strong>${escapeHtml(title)}</strong></p>
${paragraph(footerModel?.brand.tagline)}
${section(hero ? [hero.title, hero.highlight].filter(Boolean).join(' ') : undefined, paragraph(hero?.subtitle) + (facts ? `<dl>${facts}</dl>` : ''))}
${section(aboutModel?.timeline?.title, timeline ? `<ul>${timeline}</ul>` : '')}
${section(press?.contacts?.title, contacts ? `<ul>${contacts}</ul>` : '')}
${section(footerModel?.social?.header ?? websiteLabel, `<p>${escapeHtml(websiteLabel)}: <a href="${escapeHtml(website)}">${escapeHtml(website)}</a></p>${social ? `<ul>${social}</ul>` : ''}`)}
</body>
</html>
`;
}

/** The wordmark and each language's fact sheet, from the dictionaries `load` gives. */
export async function pressKitTexts(load: LoadDictionary) {
  const SITE_URL = siteUrl();
  const layout = await load('en', 'layout');
  const wordmark = presentText(layout.brand.wordmark) ?? 'RG';
  const factSheets = await Promise.all(
    LANGUAGES.map(async (language) => {
      const [about, pressKit, footer] = await Promise.all([
        load(language, 'about'),
        load(language, 'pressKit'),
        load(language, 'footer'),
      ]);
      return {
        language,
        html: factSheetHtml({ language, siteUrl: SITE_URL, about, pressKit, footer }),
      };
    }),
  );
  return { wordmark, wordmarkSvg: wordmarkSvg(wordmark), factSheets };
}

/** The whole download: logos and a fact sheet per language, in one folder. */
export async function pressKitArchive(load: LoadDictionary): Promise<Uint8Array<ArrayBuffer>> {
  const texts = await pressKitTexts(load);
  const folder = PRESS_KIT_FILE.replace(/\.zip$/, '');
  const text = (value: string) => new TextEncoder().encode(value);
  const entries: ZipEntry[] = [
    {
      name: `${folder}/logos/icon.svg`,
      data: readFileSync(path.join(process.cwd(), 'app', 'icon.svg')),
    },
    { name: `${folder}/logos/wordmark.svg`, data: text(texts.wordmarkSvg) },
    { name: `${folder}/logos/wordmark.png`, data: await wordmarkPng(texts.wordmark) },
    ...texts.factSheets.map(({ language, html }) => ({
      name: `${folder}/fact-sheet-${language}.html`,
      data: text(html),
    })),
  ];
  return zip(entries);
}
