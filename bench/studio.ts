/**
 * npm run bench:studio — keypress-to-paint latency in the real Studio on the local content
 * API: typing into the largest dictionary and into a three-field baseline document, in
 * the same run, rounds interleaved. Latency is the Event Timing API's duration of each
 * keystroke (from the key event to the next paint after it was handled). Chromium reports
 * only keystrokes of 16 ms or more; the others count as 16 ms, so a figure of 16 reads
 * "16 ms or less". Prints median, p90 and the ratio largest / baseline. A benchmark, not
 * a test: it prints numbers and fails only when it cannot measure.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { formatTable } from '@/content/report';
import { percentile } from './statistics';
import { NAMESPACES, documentId } from '@/schemas';
import { TRANSLATED_FROM } from '@/schemas/translation-status';
import {
  buildStudio,
  dictionaryPath,
  startStudioSession,
  temporaryDataset,
  type StudioTab,
} from '@/testing/studio-servers';

const BASELINE = { id: 'bench-baseline', type: 'benchBaseline' };
const KEYSTROKES = 40;
const ROUNDS = 3;
const REPORTING_THRESHOLD_MS = 16;

/** Texts in a stored document; the record of what English a translation was written against is none. */
function textCount(value: unknown): number {
  if (typeof value === 'string') return 1;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + textCount(item), 0);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value)
      .filter(([key]) => !key.startsWith('_') && key !== TRANSLATED_FROM)
      .reduce((sum, [, item]) => sum + textCount(item), 0);
  return 0;
}

/** Types into a text field and returns one latency per keystroke. */
async function typeAndMeasure(page: Page, fieldPath: string): Promise<number[]> {
  const input = page.getByTestId(`field-${fieldPath}`).locator('input, textarea').first();
  await input.click();
  await page.keyboard.press('End');
  // Let the click's and End's own timing entries arrive before listening.
  await page.waitForTimeout(500);
  await page.evaluate((threshold) => {
    const w = window as unknown as {
      __latencies: Map<number, number>;
      __observer?: PerformanceObserver;
    };
    w.__latencies = new Map();
    w.__observer?.disconnect();
    w.__observer = new PerformanceObserver((list) => {
      // interactionId groups a keystroke's keydown, keypress and keyup.
      for (const entry of list.getEntries() as (PerformanceEventTiming & {
        interactionId?: number;
      })[]) {
        if (!entry.interactionId || !entry.name.startsWith('key')) continue;
        w.__latencies.set(
          entry.interactionId,
          Math.max(w.__latencies.get(entry.interactionId) ?? 0, entry.duration),
        );
      }
    });
    w.__observer.observe({
      type: 'event',
      durationThreshold: threshold,
    } as PerformanceObserverInit);
  }, REPORTING_THRESHOLD_MS);
  for (let i = 0; i < KEYSTROKES; i += 1) {
    await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(500);
  const reported = await page.evaluate(() => {
    const w = window as unknown as { __latencies: Map<number, number> };
    return [...w.__latencies.values()];
  });
  // Keystrokes Chromium did not report took less than the reporting threshold.
  return [
    ...reported,
    ...Array.from(
      { length: Math.max(0, KEYSTROKES - reported.length) },
      () => REPORTING_THRESHOLD_MS,
    ),
  ];
}

const work = await mkdtemp(path.join(tmpdir(), 'rg-bench-studio-'));
try {
  console.log('building the Studio with a baseline document type…');
  const build = path.join(work, 'build');
  buildStudio(build, { studioDir: 'bench/fixtures/studio-baseline' });

  const { dir, storeFile } = await temporaryDataset();
  const stored = (await readFile(storeFile, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { _id: string });
  const largest = NAMESPACES.map((namespace) => ({
    namespace,
    texts: textCount(stored.find((doc) => doc._id === documentId(namespace))),
  })).sort((a, b) => b.texts - a.texts)[0]!;
  const baselineDoc = {
    _id: BASELINE.id,
    _type: BASELINE.type,
    title: 'Baseline',
    subtitle: 'A',
    note: 'B',
  };
  await writeFile(
    storeFile,
    [...stored, baselineDoc]
      .sort((a, b) => a._id.localeCompare(b._id))
      .map((doc) => JSON.stringify(doc))
      .join('\n') + '\n',
  );

  const session = await startStudioSession({
    build,
    storeFile,
    api: { extraDocuments: [BASELINE] },
  });
  const results: Record<'largest' | 'baseline', number[]> = { largest: [], baseline: [] };
  try {
    const tab: StudioTab = await session.newTab();
    const open = {
      largest: async () => session.openDictionary(tab, largest.namespace),
      baseline: async () => {
        await tab.page.goto(
          `${session.studioUrl}/intent/edit/id=${BASELINE.id};type=${BASELINE.type}`,
        );
        await tab.page.getByTestId('field-title').waitFor({ timeout: 60_000 });
      },
    };
    const fields = { largest: 'title.en', baseline: 'title' };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const which of ['baseline', 'largest'] as const) {
        await open[which]();
        await tab.page.waitForTimeout(1000);
        results[which].push(...(await typeAndMeasure(tab.page, fields[which])));
      }
    }
    if (tab.errors.length) console.warn(`console errors during the run:\n${tab.errors.join('\n')}`);
  } finally {
    await session.close();
    await rm(dir, { recursive: true, force: true });
  }

  const row = (name: string, values: number[]) => [
    name,
    values.length,
    percentile(values, 50),
    percentile(values, 90),
    values.filter((v) => v > REPORTING_THRESHOLD_MS).length,
  ];
  console.log(
    `\nkeypress-to-paint latency, ms (Event Timing; ${ROUNDS} interleaved rounds of ${KEYSTROKES} keystrokes)\n`,
  );
  console.log(
    formatTable(
      ['document', 'keystrokes', 'median', 'p90', `over ${REPORTING_THRESHOLD_MS} ms`],
      [
        row(`largest dictionary: ${largest.namespace} (${largest.texts} texts)`, results.largest),
        row('baseline: 3 text fields', results.baseline),
      ],
    ),
  );
  const ratio = (p: number) =>
    (percentile(results.largest, p) / percentile(results.baseline, p)).toFixed(2);
  console.log(`\nratio largest / baseline: median ${ratio(50)}×, p90 ${ratio(90)}×`);
  console.log(`(${dictionaryPath(largest.namespace)} against the baseline document)`);
} finally {
  await rm(work, { recursive: true, force: true });
}
