/**
 * npm run bench:lcp-strategies -- [--pages /,/de/privacy-policy] [--runs 3] [--variants served,frame]
 *
 * What the largest paint waits for. Lighthouse (as bench:lighthouse runs it) on variants of the
 * same production page, interleaved in one run:
 * - as the production server serves it (framework scripts started after the largest paint);
 * - and through a local proxy that starts from Next's own HTML (scripts in the head) and rewrites
 *   only that: unchanged; every script removed (the zero-JS reference); without the font
 *   preload; scripts started after the next frame, and after the largest paint
 *   (web/edge/late-scripts.ts); the stylesheet inlined in place of its link; all three together;
 * - font strategies on top of the served page's late scripts: without the font preload,
 *   `font-display: optional` instead of `swap`, and the Latin font file cut down to the glyphs
 *   the dictionaries use (served under the original address, so the preload still matches).
 * `--variants` runs only the variants whose names contain one of the given words.
 * Prints medians of LCP, FCP, TBT and Performance per page and variant, LCP as a ratio to the
 * zero-JS copy, and the script bytes a page transfers.
 * An experiment, not a budget: it names the cause and what each remedy would buy.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import subsetFont from 'subset-font';
import { formatTable } from '@/content/report';
import { freePort } from '@/testing/processes';
import type { Variant } from '@/testing/site-server';
import { medianAudit, record, startLighthouse, type Audit } from './lighthouse-run';
import { pickPages } from './page-paths';
import {
  startRewritingProxy,
  withoutScripts,
  type PageRewrite,
  type Rewrites,
  type RunningProxy,
} from './rewriting-proxy';
import { serveForBenchmark } from './serve';
import {
  addScripts,
  afterLargestPaint,
  type ScriptLoader,
  withLateScripts,
} from '@/web/edge/late-scripts';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '/,/de/privacy-policy' },
    runs: { type: 'string', default: '3' },
    // Only the variants whose names contain one of these words (the zero-JS reference always runs).
    variants: { type: 'string' },
  },
});
const pages = pickPages(values.pages);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');

const withoutFontPreload = (html: string) => html.replace(/<link\b[^>]*\bas="font"[^>]*>/g, '');

/** The stylesheets' text in `<style>` elements where their links were. */
function cssInlined(css: ReadonlyMap<string, string>) {
  return (html: string) =>
    html.replace(/<link rel="stylesheet" href="([^"]+)"[^>]*>/g, (link, href: string) => {
      const text = css.get(href);
      return text === undefined ? link : `<style>${text}</style>`;
    });
}

const fontDisplayOptional = (css: string) =>
  css.replace(/font-display:\s*swap/g, 'font-display:optional');

/** Every character of every text in the bundled dictionaries, in every language. */
function charactersUsed(): string {
  const characters = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') for (const c of value) characters.add(c);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const language of readdirSync('locales'))
    for (const file of readdirSync(path.join('locales', language)))
      collect(JSON.parse(readFileSync(path.join('locales', language, file), 'utf8')));
  return [...characters].join('');
}

const port = await freePort();
const origin = `http://localhost:${port}`;
const variant: Variant = { name: 'lighthouse', env: { SITE_URL: origin } };
const site = await serveForBenchmark(variant, port);

const css = new Map<string, string>();
for (const pathname of pages) {
  const html = await (await fetch(`${origin}${pathname}`)).text();
  for (const [, href] of html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g))
    if (!css.has(href!)) css.set(href!, await (await fetch(new URL(href!, origin))).text());
}
const inline = cssInlined(css);

// The preloaded (Latin) font file and its subset to the characters the copy uses.
const home = await (await fetch(`${origin}/`)).text();
const fontPath = /<link rel="preload" href="([^"]+\.woff2)" as="font"/.exec(home)?.[1];
if (!fontPath) throw new Error('no preloaded font on /');
const fullFont = Buffer.from(await (await fetch(new URL(fontPath, origin))).arrayBuffer());
// The weight axis stays whole: headings, navigation and the wordmark use 500 to 700.
const subset = await subsetFont(fullFont, charactersUsed(), { targetFormat: 'woff2' });
console.log(
  `font ${fontPath}: ${(fullFont.length / 1024).toFixed(1)} KiB, subset to the copy's characters ${(subset.length / 1024).toFixed(1)} KiB`,
);
/**
 * The variant production dropped: the scripts start after the frame that follows the parse.
 * That frame's paint is recorded a few milliseconds after its callbacks run, so the scripts
 * were often requested before the largest paint (12–14 ms before it on /de and
 * /de/privacy-policy in Chromium), and the ratio moved between 1.0× and 1.5× from run to run.
 */
const afterNextFrame: ScriptLoader = (sources) =>
  `requestAnimationFrame(function(){setTimeout(function(){${addScripts(sources)}},0)})`;

/** Next's page through the production rewrite, with the given loader. */
function startedBy(loader: ScriptLoader) {
  return async (html: string) =>
    withLateScripts(html, {
      loader,
      report: (problem) => {
        throw new Error(`late scripts: ${problem}`);
      },
    });
}
const lateScripts = startedBy(afterLargestPaint);

const ALL_STRATEGIES: {
  name: string;
  rewrite: PageRewrite | null;
  also?: Rewrites;
}[] = [
  { name: 'as served (scripts after the largest paint)', rewrite: null },
  { name: "Next's page (scripts in the head)", rewrite: (html) => html },
  { name: 'zero JS (reference)', rewrite: withoutScripts },
  { name: 'no font preload', rewrite: withoutFontPreload },
  { name: 'scripts after the next frame', rewrite: startedBy(afterNextFrame) },
  { name: 'scripts after the largest paint', rewrite: lateScripts },
  { name: 'CSS inlined', rewrite: inline },
  {
    name: 'all three',
    rewrite: async (html) => inline(await lateScripts(withoutFontPreload(html))),
  },
  {
    name: 'late scripts, no font preload',
    rewrite: (html) => lateScripts(withoutFontPreload(html)),
  },
  {
    name: 'late scripts, font-display optional',
    rewrite: lateScripts,
    also: { css: fontDisplayOptional },
  },
  {
    name: 'late scripts, font subset to the copy',
    rewrite: lateScripts,
    also: { files: new Map([[fontPath, subset]]) },
  },
];

const wanted = values.variants?.split(',').map((word) => word.trim()) ?? [];
const STRATEGIES = ALL_STRATEGIES.filter(
  ({ name }) =>
    wanted.length === 0 || name === 'zero JS (reference)' || wanted.some((w) => name.includes(w)),
);
const proxies: (RunningProxy | null)[] = [];
const lighthouse = await startLighthouse();
const measured = new Map<string, Audit[]>();
try {
  for (const strategy of STRATEGIES)
    proxies.push(
      strategy.rewrite
        ? await startRewritingProxy(site.url, strategy.rewrite, strategy.also)
        : null,
    );
  for (let run = 1; run <= runs; run += 1) {
    for (const pathname of pages)
      for (const [index, strategy] of STRATEGIES.entries()) {
        const base = proxies[index]?.url ?? origin;
        record(
          measured,
          `${pathname} ${strategy.name}`,
          await lighthouse.audit(`${base}${pathname}`),
        );
      }
    console.log(`round ${run} of ${runs} done`);
  }
} finally {
  lighthouse.stop();
  await Promise.all([site.stop(), ...proxies.map((proxy) => proxy?.stop())]);
}

const rows = pages.flatMap((pathname) => {
  const reference = medianAudit(measured.get(`${pathname} zero JS (reference)`)!);
  return STRATEGIES.map(({ name }) => {
    const audit = medianAudit(measured.get(`${pathname} ${name}`)!);
    return [
      pathname,
      name,
      audit.scores[0]!,
      Math.round(audit.lcp),
      Math.round(audit.fcp),
      Math.round(audit.tbt),
      (audit.lcp / reference.lcp).toFixed(2),
    ];
  });
});
console.log(`\nmedians of ${runs} run(s), Lighthouse mobile (simulated throttling)\n`);
console.log(
  formatTable(['page', 'variant', 'perf', 'LCP ms', 'FCP ms', 'TBT ms', 'LCP ÷ zero-JS'], rows),
);
console.log('\nscript a page transfers (Lighthouse resource summary, median):');
for (const pathname of pages) {
  const audits = measured.get(`${pathname} Next's page (scripts in the head)`);
  if (!audits) continue;
  const audit = medianAudit(audits);
  console.log(`  ${pathname}: ${(audit.scriptBytes / 1024).toFixed(1)} KiB`);
}
