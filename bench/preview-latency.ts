/**
 * npm run bench:preview -- [--edits 10] [--build dir] — typing to preview: the real Studio's
 * Presentation tool on the local API, framing the real site (the build the Studio browser
 * tests share, `.next-e2e-studio-live`, built first when absent) on the same dataset. Types
 * `--edits` short edits into the German hero title and measures each from the last keystroke
 * until the framed page shows it; prints p50, p90 and max beside the machine's load, then,
 * per edit, when each hop along the way happened after that keystroke:
 *
 * - the Studio sends its last mutation to the local API (it batches keystrokes),
 * - the local API answers it (written to the dataset file the site reads),
 * - the page asks its server to render again once the Studio reports the save
 *   (web/preview/refresh-on-save.ts; an RSC request), and gets the answer,
 * - the text shows in the page,
 * - Presentation's own `presentation/refresh` to the page (a second after the document's edit
 *   state settles), which the page no longer waits for.
 *
 * A benchmark, not a test: it prints numbers and fails only when it cannot measure.
 */
import { loadavg } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Frame, Request } from 'playwright-core';
import { formatTable } from '@/content/report';
import { percentile } from './statistics';
import { documentId, documentType } from '@/schemas';
import {
  benchBuilds,
  serveSiteCopy,
  startStudioSession,
  temporaryDataset,
} from '@/testing/studio-servers';

const { values } = parseArgs({
  options: { edits: { type: 'string', default: '10' }, build: { type: 'string' } },
});
const EDITS = Number(values.edits);
const FIELD = 'title.main.de';
const SHOWN_SELECTOR = '#hero-title';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/** Milliseconds after the last keystroke of one edit at which each hop was first seen. */
interface Hops {
  mutateSent: number | undefined;
  mutateAnswered: number | undefined;
  refreshPosted: number | undefined;
  renderAsked: number | undefined;
  renderAnswered: number | undefined;
  shown: number;
}

const HOPS = [
  'mutateSent',
  'mutateAnswered',
  'refreshPosted',
  'renderAsked',
  'renderAnswered',
  'shown',
] as const satisfies readonly (keyof Hops)[];

const work = await mkdtemp(path.join(tmpdir(), 'rg-preview-latency-'));
const dataset = await temporaryDataset();
try {
  const build = await benchBuilds(values.build, work, dataset.storeFile);
  const session = await startStudioSession({
    build,
    storeFile: dataset.storeFile,
    api: { announce: true },
  });
  // No STUDIO_URL: the site learns the Studio's address from the API's announcement.
  const site = await serveSiteCopy('preview-latency', dataset.storeFile);
  try {
    // The Studio serves from 127.0.0.1: the site on the same host is same-site to it.
    const siteUrl = site.url.replace('localhost', '127.0.0.1');
    const tab = await session.newTab();
    const { page } = tab;
    // Presentation with the hero's document open beside the German home page.
    await session.openTool(
      tab,
      `presentation/${documentType('hero')}/${documentId('hero')}?preview=${encodeURIComponent(`${siteUrl}/de`)}`,
    );
    await page.frameLocator('iframe').locator('.preview-bar').waitFor({ timeout: 60_000 });
    await page.getByTestId('action-publish').waitFor({ timeout: 30_000 });
    const frame = (): Frame => {
      const found = page
        .frames()
        .find((f) => f !== page.mainFrame() && f.url().startsWith(siteUrl));
      if (!found) throw new Error(`no frame shows ${siteUrl}`);
      return found;
    };

    // Hops seen from outside the page: the Studio's mutations and the frame's re-renders.
    const seen: {
      what: 'mutateSent' | 'mutateAnswered' | 'renderAsked' | 'renderAnswered';
      at: number;
    }[] = [];
    const isMutate = (request: Request) => /\/data\/(actions|mutate)\//.test(request.url());
    const isRender = (request: Request) =>
      request.url().startsWith(siteUrl) && request.headers()['rsc'] === '1';
    page.on('request', (request) => {
      if (isMutate(request)) seen.push({ what: 'mutateSent', at: Date.now() });
      else if (isRender(request)) seen.push({ what: 'renderAsked', at: Date.now() });
    });
    page.on('response', (response) => {
      if (isMutate(response.request())) seen.push({ what: 'mutateAnswered', at: Date.now() });
      else if (isRender(response.request())) seen.push({ what: 'renderAnswered', at: Date.now() });
    });

    // A click on the text in the frame opens its field, as an editor does it. The overlay
    // takes clicks once it has registered the page's texts, a moment after load.
    const target = page.frameLocator('iframe').locator(SHOWN_SELECTOR);
    const focusedField = () =>
      page.evaluate(() =>
        document.activeElement?.closest('[data-testid^="field-"]')?.getAttribute('data-testid'),
      );
    for (let attempt = 0; (await focusedField()) !== `field-${FIELD}`; attempt += 1) {
      if (attempt === 30) throw new Error(`a click on ${SHOWN_SELECTOR} did not open ${FIELD}`);
      await page.mouse.move(1, 1);
      await target.hover({ position: { x: 4, y: 4 } });
      await page.waitForTimeout(300);
      await target.click({ position: { x: 4, y: 4 } });
      await page.waitForTimeout(1_000);
    }
    // Presentation tells the page about edits once it has read the document's state.
    await page.waitForTimeout(2_000);

    const results: Hops[] = [];
    for (let edit = 0; edit < EDITS; edit += 1) {
      const token = `E${edit}x${Date.now() % 100_000}`;
      // The page notes when the text shows and when Presentation asks it to refresh, so that
      // polling from here adds nothing to the times.
      await frame().evaluate(
        ({ text, selector }) => {
          const state = window as unknown as {
            shownAt: number | undefined;
            refreshAt: number | undefined;
            listening?: boolean;
          };
          state.shownAt = undefined;
          state.refreshAt = undefined;
          new MutationObserver((_, observer) => {
            if (document.querySelector(selector)?.textContent?.includes(text)) {
              state.shownAt = Date.now();
              observer.disconnect();
            }
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
          // Once per page; no named functions in here: tsx would wrap them in a helper the
          // page does not have.
          if (state.listening) return;
          state.listening = true;
          window.addEventListener('message', (event: MessageEvent) => {
            const data = event.data as { type?: unknown } | null;
            if (data?.type === 'presentation/refresh') state.refreshAt ??= Date.now();
          });
        },
        { text: token, selector: SHOWN_SELECTOR },
      );
      seen.length = 0;
      await page.keyboard.press('End');
      const typingFrom = Date.now();
      await page.keyboard.type(` ${token}`);
      const typedAt = Date.now();
      await page
        .frameLocator('iframe')
        .locator(SHOWN_SELECTOR, { hasText: token })
        .waitFor({ timeout: 30_000 });
      // Presentation's own refresh comes a second after the document settles: wait for it,
      // so that this edit's hops are all seen and the next one starts quiet.
      await page.waitForTimeout(2_500);
      const { shownAt, refreshAt } = await frame().evaluate(() => {
        const state = window as unknown as { shownAt?: number; refreshAt?: number };
        return { shownAt: state.shownAt, refreshAt: state.refreshAt };
      });
      const shownAbsolute = shownAt ?? Date.now();
      // The Studio's last mutation before the text showed (it sends the first keystroke at
      // once, the rest batched), then the page's first render asked after it was saved.
      const lastBefore = (what: (typeof seen)[number]['what']) =>
        seen.findLast((hop) => hop.what === what && hop.at >= typingFrom && hop.at <= shownAbsolute)
          ?.at;
      const firstAfter = (what: (typeof seen)[number]['what'], from: number | undefined) =>
        from === undefined
          ? undefined
          : seen.find((hop) => hop.what === what && hop.at >= from)?.at;
      const sent = lastBefore('mutateSent');
      const answered = lastBefore('mutateAnswered');
      const asked = firstAfter('renderAsked', answered);
      const sinceKey = (at: number | undefined) => (at === undefined ? undefined : at - typedAt);
      results.push({
        mutateSent: sinceKey(sent),
        mutateAnswered: sinceKey(answered),
        refreshPosted: sinceKey(refreshAt),
        renderAsked: sinceKey(asked),
        renderAnswered: sinceKey(firstAfter('renderAnswered', asked)),
        shown: shownAbsolute - typedAt,
      });
    }

    const shown = results.map((hops) => hops.shown);
    console.log(`\nload average (1, 5, 15 min) at the end: ${load()}`);
    console.log('\nper edit, ms after the last keystroke\n');
    const cell = (value: number | undefined) => (value === undefined ? '-' : value);
    console.log(
      formatTable(
        [
          'edit',
          'last mutation sent',
          'answered',
          'Presentation refresh',
          'render asked',
          'render answers',
          'shown',
        ],
        [
          ...results.map((hops, index) => [index + 1, ...HOPS.map((hop) => cell(hops[hop]))]),
          [
            'p50',
            ...HOPS.map((hop) => {
              const times = results.flatMap((hops) => hops[hop] ?? []);
              return times.length ? percentile(times, 50) : '-';
            }),
          ],
        ],
      ),
    );
    console.log(
      `\nlast key → text in the framed page (${EDITS} edits): p50 ${percentile(shown, 50)} ms, ` +
        `p90 ${percentile(shown, 90)} ms, max ${Math.max(...shown)} ms`,
    );
    if (tab.errors.length) console.warn(`console errors:\n${tab.errors.join('\n')}`);
  } finally {
    await session.close();
    await site.stop();
  }
} finally {
  await rm(work, { recursive: true, force: true });
  await rm(dataset.dir, { recursive: true, force: true });
}
