/**
 * npm run bench:interactions -- [--runs 5]
 *
 * Main-thread work of what a visitor does on a page, at 4× CPU slowdown: the production
 * server, Debian Chromium (driven by Puppeteer, which leaves Chromium's page preparation from
 * speculation rules on), a Chromium trace around each interaction, and the sum of the renderer
 * main threads' tasks from the click until the page is quiet again:
 * - opening the phone menu (390 px wide);
 * - switching language in the header (1280 px; the new page's own work included), once with a
 *   quick click, and once after the pointer rested on the link for a second, as a mouse user
 *   does (the browser then prepares the page ahead: that work, done before the click, is
 *   printed beside it);
 * - focusing the newsletter's e-mail field, which loads the signup code;
 * - Accept in the cookie banner.
 * Also printed: the longest single task (what delays the next frame). A quiet window of the
 * same length with no interaction is measured as the floor, and the language switch also on
 * the zero-JS copy of the site (every script removed, through a local proxy): there it is a plain
 * page load, the least work any switch that replaces every text of the page can cost, and the
 * switches are printed as ratios to it. Each is the median of `--runs` fresh visits. Budget:
 * under 50 ms each. The site runs without Firebase settings and host names other than this
 * machine's resolve to nothing (testing/chromium.ts), so nothing reaches Google.
 */
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'puppeteer-core';
import { formatTable } from '@/content/report';
import { launchPuppeteer } from '@/testing/chromium';
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
/** How long a resting pointer stays on the link before the click. */
const REST_MS = 1_000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { type?: string } };
}

interface Work {
  /** Sum of the renderer main threads' tasks from the click on (ms). */
  total: number;
  longest: number;
  /** Before the click, while the pointer rested on the target (ms). */
  ahead: number;
}

/** Top-level tasks on every renderer main thread of a trace, split at the first mouse press. */
function mainThreadTasks(traceEvents: TraceEvent[]): Work {
  const mainThreads = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const press = traceEvents.find(
    (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'mousedown',
  );
  const tasks = traceEvents.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`),
  );
  // The task that dispatches the press belongs to the interaction.
  const from = press ? Math.max(...tasks.filter((t) => t.ts <= press.ts).map((t) => t.ts)) : 0;
  const after = tasks.filter((t) => t.ts >= from).map((t) => (t.dur ?? 0) / 1000);
  const before = tasks.filter((t) => t.ts < from).map((t) => (t.dur ?? 0) / 1000);
  const sum = (list: number[]) => list.reduce((total, ms) => total + ms, 0);
  return { total: sum(after), longest: Math.max(0, ...after), ahead: sum(before) };
}

/** A whole-browser trace (every renderer, a page prepared ahead included). */
async function startTrace(browser: Browser): Promise<() => Promise<TraceEvent[]>> {
  const session = await browser.target().createCDPSession();
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', ({ value }) => events.push(...(value as TraceEvent[])));
  await session.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    },
    transferMode: 'ReportEvents',
  });
  return async () => {
    const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
    await session.send('Tracing.end');
    await complete;
    await session.detach();
    return events;
  };
}

interface Interaction {
  name: string;
  path: string;
  viewport: { width: number; height: number };
  /** What the visitor taps; none for the quiet page. */
  target?: string;
  /** A language switch: the interaction ends when the page is in this language. */
  switchesTo?: string;
  /** The pointer rests on the target this long before the click (else it clicks at once). */
  restMs?: number;
  /** On the zero-JS copy of the site: a reference, not held to the budget. */
  zeroJs?: boolean;
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const SWITCH_LANGUAGE = {
  path: '/',
  viewport: DESKTOP,
  target: '.site-header__languages a[hreflang="de"]',
  switchesTo: 'de',
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
  { name: 'switch language, quick click (in the page)', ...SWITCH_LANGUAGE },
  {
    name: 'switch language, pointer rested 1 s (prepared page)',
    ...SWITCH_LANGUAGE,
    restMs: REST_MS,
  },
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
    target: '.consent-banner__actions button:last-child',
  },
];

/** The middle of the target, found before the trace starts (that lookup runs page scripts). */
async function tapPoint(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const target = await page.waitForSelector(selector);
  await target!.scrollIntoView();
  const box = await target!.boundingBox();
  if (!box) throw new Error(`${selector}: not shown`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(browser: Browser, origin: string, interaction: Interaction) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(interaction.viewport);
    // Puppeteer applies it to a page the browser prepares from this one too.
    await page.emulateCPUThrottling(CPU_SLOWDOWN);
    await page.goto(`${origin}${interaction.path}`, { waitUntil: 'networkidle0' });
    const point = interaction.target ? await tapPoint(page, interaction.target) : null;
    await pause(SETTLE_MS);
    const stopTrace = await startTrace(browser);
    if (point) {
      if (interaction.restMs) {
        await page.mouse.move(point.x, point.y);
        await pause(interaction.restMs);
      }
      const click = page.mouse.click(point.x, point.y);
      if (interaction.switchesTo) {
        // A prepared page replaces the document: its load is the navigation to wait for.
        await (interaction.restMs || interaction.zeroJs
          ? Promise.all([page.waitForNavigation(), click])
          : click);
        const language = interaction.switchesTo;
        await page.waitForFunction((lang) => document.documentElement.lang === lang, {}, language);
      } else {
        await click;
        // What the interaction loads (the signup code on focus) has arrived. Not waited for
        // after a switch: the pages prepared for the new page's own language links keep the
        // network busy, and the switch is complete once the page is in the new language.
        await page.waitForNetworkIdle();
      }
    }
    await pause(SETTLE_MS);
    return mainThreadTasks(await stopTrace());
  } finally {
    await context.close();
  }
}

const variant: Variant = { name: 'interactions', env: {} };
const site = await serveForBenchmark(variant);
const zeroJs = await startRewritingProxy(site.url, withoutScripts);
const browser = await launchPuppeteer();
const results: { name: string; totals: number[]; longest: number[]; ahead: number[] }[] = [];
try {
  for (const interaction of INTERACTIONS) {
    const work: Work[] = [];
    for (let run = 0; run < runs; run += 1)
      work.push(await measure(browser, interaction.zeroJs ? zeroJs.url : site.url, interaction));
    results.push({
      name: interaction.name,
      totals: work.map((w) => w.total),
      longest: work.map((w) => w.longest),
      ahead: work.map((w) => w.ahead),
    });
    console.log(`${interaction.name}: done`);
  }
} finally {
  await browser.close();
  await Promise.all([zeroJs.stop(), site.stop()]);
}

const zeroJsSwitch = median(results.find((r) => r.name.startsWith('(zero-JS'))!.totals);
console.log(
  `\nmain-thread task time at ${CPU_SLOWDOWN}× CPU slowdown, from the click until ${SETTLE_MS} ms quiet (${runs} runs)\n`,
);
console.log(
  formatTable(
    [
      'interaction',
      'median ms',
      'min ms',
      'max ms',
      'longest task ms',
      'before the click ms',
      '÷ zero-JS switch',
      'budget',
    ],
    results.map(({ name, totals, longest, ahead }) => [
      name,
      median(totals).toFixed(1),
      Math.min(...totals).toFixed(1),
      Math.max(...totals).toFixed(1),
      median(longest).toFixed(1),
      name.includes('rested') ? median(ahead).toFixed(1) : '-',
      name.includes('switch language') ? (median(totals) / zeroJsSwitch).toFixed(2) : '-',
      name.startsWith('(') ? '-' : median(totals) < BUDGET_MS ? 'ok' : 'OVER 50 ms',
    ]),
  ),
);
const over = results.filter((r) => !r.name.startsWith('(') && median(r.totals) >= BUDGET_MS);
console.log(
  `\nbudget (< ${BUDGET_MS} ms each): ${over.length ? `NOT MET (${over.map((r) => r.name).join(', ')})` : 'met'}`,
);
