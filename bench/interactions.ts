/**
 * npm run bench:interactions -- [--runs 5]
 *
 * Main-thread work of what a visitor does on a page, at 4× CPU slowdown: the production
 * server, Debian Chromium, a Chromium trace around each interaction, and the sum of the
 * renderer main thread's tasks from the interaction until the page is quiet again:
 * - opening the phone menu (390 px wide);
 * - switching language in the header (1280 px; the new page's own work included);
 * - focusing the newsletter's e-mail field, which loads the signup code;
 * - Accept in the cookie banner.
 * Also printed: the longest single task (what delays the next frame). A quiet window of the
 * same length with no interaction is measured as the floor, and the language switch also on
 * the zero-JS copy of the site (every script removed, through a local proxy): there it is a plain
 * page load, the least work any switch that replaces every text of the page can cost, and the
 * switch is printed as a ratio to it. Each is the median of `--runs`
 * fresh visits. Budget: under 50 ms each. The site runs without Firebase
 * settings and every request off this machine is refused, so nothing reaches Google.
 */
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { formatTable } from '@/content/report';
import { launchChromium } from '@/testing/chromium';
import type { Variant } from '@/testing/site-server';
import { startRewritingProxy, withoutScripts } from './rewriting-proxy';
import { serveForBenchmark } from './serve';
import { median } from './statistics';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');

const BUDGET_MS = 50;
const CPU_SLOWDOWN = 4;
/** How long after an interaction the page must stay quiet to count as done. */
const SETTLE_MS = 1_500;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/** Top-level tasks on every renderer main thread of a trace: their sum and the longest (ms). */
function mainThreadTasks(trace: Buffer): { total: number; longest: number } {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const durations = traceEvents
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`))
    .map((e) => (e.dur ?? 0) / 1000);
  return {
    total: durations.reduce((sum, ms) => sum + ms, 0),
    longest: Math.max(0, ...durations),
  };
}

interface Interaction {
  name: string;
  path: string;
  viewport: { width: number; height: number };
  /** What the visitor taps; none for the quiet page. */
  target?: string;
  /** A navigation: the interaction ends when this URL has loaded. */
  navigatesTo?: string;
  /** On the zero-JS copy of the site: a reference, not held to the budget. */
  zeroJs?: boolean;
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const SWITCH_LANGUAGE = {
  path: '/',
  viewport: DESKTOP,
  target: '.site-header__languages a[hreflang="de"]',
  navigatesTo: '**/de',
};

const INTERACTIONS: Interaction[] = [
  { name: '(quiet page, no interaction)', path: '/', viewport: DESKTOP },
  { name: '(zero-JS copy: switch language, a page load)', ...SWITCH_LANGUAGE, zeroJs: true },
  {
    name: 'open the phone menu',
    path: '/',
    viewport: PHONE,
    target: 'summary.mobile-menu__button',
  },
  { name: 'switch language (header, to German)', ...SWITCH_LANGUAGE },
  {
    name: 'focus the newsletter e-mail field',
    path: '/',
    viewport: DESKTOP,
    target: '#newsletter-email',
  },
  {
    name: 'Accept in the cookie banner',
    path: '/',
    viewport: DESKTOP,
    target: '.consent-banner__actions button >> nth=-1',
  },
];

/**
 * Taps the middle of the target with raw input events. Where it is was found before the trace
 * started: Playwright's own checks run scripts in the page, which would be counted as its work.
 */
async function tapPoint(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const target = page.locator(selector);
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`${selector}: not shown`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function measure(browser: Browser, origin: string, interaction: Interaction) {
  const context = await browser.newContext({ viewport: interaction.viewport });
  let offMachine = 0;
  await context.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === 'localhost' || hostname === '127.0.0.1') return route.continue();
    offMachine += 1;
    return route.abort();
  });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${origin}${interaction.path}`, { waitUntil: 'networkidle' });
    const point = interaction.target ? await tapPoint(page, interaction.target) : null;
    await page.waitForTimeout(SETTLE_MS);
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    if (point) {
      const tap = page.mouse.click(point.x, point.y);
      await (interaction.navigatesTo
        ? Promise.all([page.waitForURL(interaction.navigatesTo, { waitUntil: 'load' }), tap])
        : tap);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);
    return { ...mainThreadTasks(await browser.stopTracing()), offMachine };
  } finally {
    await context.close();
  }
}

const variant: Variant = { name: 'interactions', env: {} };
const site = await serveForBenchmark(variant);
const zeroJs = await startRewritingProxy(site.url, withoutScripts);
const browser = await launchChromium();
const results: { name: string; totals: number[]; longest: number[]; offMachine: number }[] = [];
try {
  for (const interaction of INTERACTIONS) {
    const totals: number[] = [];
    const longest: number[] = [];
    let offMachine = 0;
    for (let run = 0; run < runs; run += 1) {
      const result = await measure(
        browser,
        interaction.zeroJs ? zeroJs.url : site.url,
        interaction,
      );
      totals.push(result.total);
      longest.push(result.longest);
      offMachine += result.offMachine;
    }
    results.push({ name: interaction.name, totals, longest, offMachine });
    console.log(`${interaction.name}: done`);
  }
} finally {
  await browser.close();
  await Promise.all([zeroJs.stop(), site.stop()]);
}

console.log(
  `\nmain-thread task time at ${CPU_SLOWDOWN}× CPU slowdown, from the interaction until ${SETTLE_MS} ms quiet (${runs} runs)\n`,
);
console.log(
  formatTable(
    [
      'interaction',
      'median ms',
      'min ms',
      'max ms',
      'longest task ms',
      'off-machine requests',
      'budget',
    ],
    results.map(({ name, totals, longest, offMachine }) => [
      name,
      median(totals).toFixed(1),
      Math.min(...totals).toFixed(1),
      Math.max(...totals).toFixed(1),
      median(longest).toFixed(1),
      offMachine,
      name.startsWith('(') ? '-' : median(totals) < BUDGET_MS ? 'ok' : 'OVER 50 ms',
    ]),
  ),
);
const zeroJsSwitch = results.find((r) => r.name.startsWith('(zero-JS'))!;
const siteSwitch = results.find((r) => r.name.startsWith('switch language'))!;
console.log(
  `\nswitching language: ${(median(siteSwitch.totals) / median(zeroJsSwitch.totals)).toFixed(2)}× the zero-JS copy's page load`,
);
const over = results.filter((r) => !r.name.startsWith('(') && median(r.totals) >= BUDGET_MS);
console.log(
  `\nbudget (< ${BUDGET_MS} ms each): ${over.length ? `NOT MET (${over.map((r) => r.name).join(', ')})` : 'met'}`,
);
