/**
 * npm run bench:studio-walk — a new editor's first hour on a laptop screen (1280 × 720), with
 * the keyboard alone, in the real Studio on the local API beside the real site:
 *
 * 1. open the Hero from the desk and rewrite its eyebrow in English, German and Turkish;
 * 2. open the FAQ, its Questions tab and its first question, and rewrite it in all three;
 * 3. open the privacy policy and add a sentence to its first paragraph in all three;
 * 4. fill every missing Turkish text (six are removed from a copy of the dataset) from the
 *    Translations tool on, each with the text the bundled copy has;
 * 5. open the preview of the page last edited from the top bar, reach the preview bar from
 *    the keyboard and follow a link to another site.
 *
 * No mouse: Tab, Shift+Tab, arrows, Enter and typing; a step that cannot be reached by them
 * fails the walk. Prints the keys each step took, the room as each dictionary opens (inputs
 * in view, the narrowest single-line input against 40 characters), the Tab presses from one
 * language's input to the next and the keys and time from one filled Turkish text to the
 * next empty one; saves a screenshot of every step in the folder given (default
 * screenshots/studio-walk) with the figures as walk.json.
 *
 * To the next Turkish text the walk takes the quickest way the Studio offers: the queue's
 * key (a button naming it in aria-keyshortcuts), else back to the Translations tool and on
 * to the next dictionary with a Turkish gap, as an editor of a Studio without the queue does.
 *
 * `--build <folder>` walks a Studio built before. The site is the build the Studio browser
 * tests share (`.next-e2e-studio-live`), built first when absent.
 */
import '@/scripts/load-env';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Frame, Page } from 'playwright-core';
import { formatTable } from '@/content/report';
import { documentId, type Namespace } from '@/schemas';
import {
  benchBuilds,
  measureRoom,
  serveSiteCopy,
  startStudioSession,
  temporaryDataset,
  type FormRoom,
} from '@/testing/studio-servers';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { build: { type: 'string' } },
});
const out = path.resolve(positionals[0] ?? 'screenshots/studio-walk');

/** The Turkish texts the walk finds missing and fills, by the Studio path of their field. */
const TURKISH_GAPS: readonly { namespace: Namespace; path: readonly string[] }[] = [
  { namespace: 'footer', path: ['copyrightTemplate'] },
  { namespace: 'hero', path: ['subtitle'] },
  { namespace: 'faq', path: ['title'] },
  { namespace: 'about', path: ['hero', 'title'] },
  { namespace: 'privacyPolicy', path: ['title'] },
  { namespace: 'error', path: ['subtitle'] },
];

const LANGUAGES = ['en', 'de', 'tr'] as const;
const HERO_EYEBROW = [
  'Independent games studio & publisher · Istanbul / Berlin',
  'Unabhängiges Spielestudio & Publisher · Istanbul / Berlin',
  'Bağımsız oyun stüdyosu ve yayıncı · İstanbul / Berlin',
];
const FAQ_QUESTION = [
  'How do I pitch my game to you?',
  'Wie stelle ich euch mein Spiel vor?',
  'Oyunumu size nasıl sunarım?',
];
const PRIVACY_SENTENCE = [
  ' We keep this page short.',
  ' Wir halten diese Seite kurz.',
  ' Bu sayfayı kısa tutuyoruz.',
];

/** Where the keyboard focus is, in the Studio or in the framed site. */
interface Focus {
  readonly tag: string;
  /** The Studio field holding the focus (`field-eyebrow.en`). */
  readonly field: string | null;
  readonly testId: string | null;
  readonly role: string | null;
  readonly text: string;
  readonly value: string | null;
  /** A list's active entry (aria-activedescendant): the desk's lists. */
  readonly active: string | null;
  /** The translation row holding the focus (`translation-row-footer`). */
  readonly row: string | null;
  readonly className: string;
  readonly inFrame: boolean;
}

// Runs in the page: no named functions inside (the runner's transform would wrap them).
const describeFocus = () => {
  const element = document.activeElement as HTMLElement | null;
  const active = element?.getAttribute('aria-activedescendant');
  return {
    tag: element?.tagName ?? 'NONE',
    field: element?.closest('[data-testid^="field-"]')?.getAttribute('data-testid') ?? null,
    testId: element?.getAttribute('data-testid') ?? null,
    role: element?.getAttribute('role') ?? null,
    text: (element?.innerText ?? '').slice(0, 300),
    value:
      element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
        ? element.value
        : null,
    active: active ? (document.getElementById(active)?.innerText ?? null) : null,
    row: element?.closest('[data-testid^="translation-row-"]')?.getAttribute('data-testid') ?? null,
    className: typeof element?.className === 'string' ? element.className : '',
  };
};

interface Figures {
  room: Record<string, FormRoom>;
  tabsBetweenLanguages: number[];
  steps: [step: string, keys: number, seconds: number][];
  toNextTurkish: { route: 'queue key' | 'Translations tool'; keys: number; ms: number }[];
  turkishGapsLeft: string;
  preview: Record<string, unknown>;
}

async function walk(page: Page, siteUrl: string): Promise<Figures> {
  const figures: Figures = {
    room: {},
    tabsBetweenLanguages: [],
    steps: [],
    toNextTurkish: [],
    turkishGapsLeft: '',
    preview: {},
  };
  const framed = (): Frame | undefined =>
    page.frames().find((frame) => frame !== page.mainFrame() && frame.url().startsWith(siteUrl));
  const focus = async (): Promise<Focus> => {
    const own = await page.evaluate(describeFocus);
    const frame = framed();
    if (own.tag !== 'IFRAME' || !frame) return { ...own, inFrame: false };
    return { ...(await frame.evaluate(describeFocus)), inFrame: true };
  };
  let keys = 0;
  let stepStarted = Date.now();
  const press = async (key: string) => {
    keys++;
    await page.keyboard.press(key);
  };
  const type = (text: string) => page.keyboard.type(text);
  /** Presses `key` until the focus is where `done` says; the presses it took. */
  const pressUntil = async (
    key: string,
    done: (focus: Focus) => boolean,
    what: string,
    max = 80,
  ): Promise<number> => {
    for (let presses = 1; presses <= max; presses++) {
      await press(key);
      if (done(await focus())) return presses;
    }
    throw new Error(`${what}: not reached with ${max} × ${key}: ${JSON.stringify(await focus())}`);
  };
  /** Waits for the Studio to move the focus where `done` says (opening a field). */
  const focusGoes = async (done: (focus: Focus) => boolean, what: string): Promise<number> => {
    const started = Date.now();
    while (Date.now() - started < 60_000) {
      if (done(await focus())) return Date.now() - started;
      await page.waitForTimeout(20);
    }
    throw new Error(`${what}: the focus never got there: ${JSON.stringify(await focus())}`);
  };
  /** Moves the focused list's active entry to `entry` (the desk's lists) and opens it. */
  const chooseInList = async (entry: string) => {
    if (!(await focus()).active?.startsWith(entry))
      await pressUntil('ArrowDown', (f) => f.active?.startsWith(entry) ?? false, entry, 20);
    await press('Enter');
  };
  const formOpens = async () => {
    await page.locator('[data-testid^="field-"]').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('action-publish').waitFor({ timeout: 60_000 });
    // Laid out once its last text has rendered.
    await page.waitForTimeout(1_000);
  };
  let shots = 0;
  const shot = async (name: string) => {
    await page.waitForTimeout(800);
    const file = path.join(out, `${String(++shots).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file });
    console.log(`  ${path.relative(process.cwd(), file)}`);
  };
  const endStep = (name: string) => {
    figures.steps.push([name, keys, Math.round((Date.now() - stepStarted) / 100) / 10]);
    keys = 0;
    stepStarted = Date.now();
  };
  const isInput = (fieldPath: string) => (f: Focus) =>
    f.field === `field-${fieldPath}` && (f.tag === 'INPUT' || f.tag === 'TEXTAREA');
  /** From the English input focused: a text in every language, Tab between them. */
  const typeRow = async (fieldPath: string, texts: readonly string[], append = false) => {
    for (const [index, language] of LANGUAGES.entries()) {
      if (index > 0)
        figures.tabsBetweenLanguages.push(
          await pressUntil('Tab', isInput(`${fieldPath}.${language}`), language, 10),
        );
      await press(append ? 'ControlOrMeta+End' : 'ControlOrMeta+A');
      await type(texts[index]!);
    }
  };
  const isRootList = (f: Focus) => f.active !== null && f.text.includes('Legal documents');
  const isList = (entry: string) => (f: Focus) => f.active !== null && f.text.includes(entry);
  const isTopBarLink = (name: string) => (f: Focus) => f.tag === 'A' && f.text.trim() === name;
  const toTool = async (name: string) => {
    await pressUntil('Shift+Tab', isTopBarLink('Structure'), 'the top bar', 120);
    await pressUntil('ArrowRight', isTopBarLink(name), name, 6);
    await press('Enter');
  };

  // 1. The Hero, from the desk: its eyebrow in three languages.
  await pressUntil('Tab', isRootList, 'the desk');
  await chooseInList('Home page sections');
  await page.getByText('Hero', { exact: true }).first().waitFor();
  await pressUntil('Tab', isList('Manifesto section'), 'Home page sections');
  await chooseInList('Hero');
  await formOpens();
  figures.room.hero = await measureRoom(page);
  await shot('hero-opened');
  await pressUntil('Tab', isInput('eyebrow.en'), 'the eyebrow');
  await typeRow('eyebrow', HERO_EYEBROW);
  endStep('hero: open, eyebrow in en/de/tr');
  await shot('hero-eyebrow-typed');

  // 2. A FAQ question.
  await pressUntil('Shift+Tab', isList('Manifesto section'), 'Home page sections');
  await chooseInList('FAQ section');
  await formOpens();
  figures.room.faq = await measureRoom(page);
  await pressUntil('Tab', (f) => f.field?.startsWith('field-') ?? false, 'the FAQ form');
  const isGroupTab = (f: Focus) => f.testId?.startsWith('group-tab-') ?? false;
  await pressUntil('Shift+Tab', isGroupTab, 'the FAQ tabs');
  await pressUntil('ArrowRight', (f) => isGroupTab(f) && f.text === 'Questions', 'Questions', 10);
  await press('Enter');
  await pressUntil('Tab', (f) => f.testId === 'inline-item-toggle', 'the first question');
  await press('Enter');
  const question = 'items[_key=="item0"].question';
  await pressUntil('Tab', isInput(`${question}.en`), 'the question');
  await typeRow(question, FAQ_QUESTION);
  endStep('FAQ: open, Questions tab, first question in en/de/tr');
  await shot('faq-question-typed');

  // 3. A privacy paragraph.
  await pressUntil('Shift+Tab', isRootList, 'the desk');
  await chooseInList('Legal documents');
  await page.getByText('Privacy policy', { exact: true }).first().waitFor();
  await pressUntil('Tab', isList('Privacy policy'), 'Legal documents');
  await chooseInList('Privacy policy');
  await formOpens();
  figures.room.privacyPolicy = await measureRoom(page);
  await pressUntil(
    'Tab',
    (f) => f.testId === 'inline-item-toggle' && f.field === 'field-intro',
    'the first paragraph',
  );
  await press('Enter');
  const paragraph = 'intro[_key=="item0"]';
  await pressUntil('Tab', isInput(`${paragraph}.en`), 'the paragraph');
  await typeRow(paragraph, PRIVACY_SENTENCE, true);
  endStep('privacy: open, first paragraph, a sentence in en/de/tr');
  await shot('privacy-paragraph-typed');

  // 4. Every missing Turkish text.
  const expected = new Map<string, string>(
    await Promise.all(
      TURKISH_GAPS.map(
        async ({ namespace, path: keys }) =>
          [
            `${namespace} ${keys.join('.')}.tr`,
            keys.reduce<unknown>(
              (node, key) => (node as Record<string, unknown>)[key],
              JSON.parse(await readFile(`locales/tr/${namespace}.json`, 'utf8')),
            ) as string,
          ] as const,
      ),
    ),
  );
  const filled = new Set<string>();
  const gapFocused = (f: Focus) =>
    (f.field?.endsWith('.tr') ?? false) &&
    (f.tag === 'INPUT' || f.tag === 'TEXTAREA') &&
    f.value === '';
  const gapHere = async () => {
    const namespace = decodeURIComponent(page.url()).match(/dictionary-(\w+)/)?.[1];
    const field = (await focus()).field!.replace(/^field-/, '');
    return `${namespace} ${field}`;
  };
  await toTool('Translations');
  await page.getByTestId('translation-totals').waitFor({ timeout: 60_000 });
  await shot('translations-tool');
  const queue = (await page.locator('[aria-keyshortcuts="Alt+PageDown"]').count()) > 0;
  if (queue) {
    await pressUntil('Tab', (f) => f.role === 'tab', 'the language tabs');
    await pressUntil('ArrowRight', (f) => f.role === 'tab' && f.text === 'Turkish', 'Turkish');
    await press('Enter');
    await pressUntil('Tab', (f) => f.testId === 'queue-next', 'Next');
    await press('Enter');
  } else {
    await pressUntil('Tab', (f) => f.testId === 'missing-tr', 'a missing Turkish text');
    await press('Enter');
  }
  await focusGoes(gapFocused, 'the first Turkish gap');
  endStep('Translations tool, first Turkish gap');
  for (;;) {
    const gap = await gapHere();
    const text = expected.get(gap);
    if (text === undefined || filled.has(gap)) throw new Error(`opened ${gap}: no gap to fill`);
    await type(text);
    filled.add(gap);
    if (filled.size === 1) await shot('first-turkish-gap-filled');
    if (filled.size === expected.size) break;
    const started = Date.now();
    const before = keys;
    if (queue) {
      await press('Alt+PageDown');
    } else {
      // The tool opens a dictionary's first gap only: the next dictionary with one.
      const done = new Set([...filled].map((key) => key.split(' ')[0]));
      await toTool('Translations');
      await page.getByTestId('translation-totals').waitFor({ timeout: 60_000 });
      await pressUntil(
        'Tab',
        (f) => f.testId === 'missing-tr' && !done.has(f.row?.replace('translation-row-', '') ?? ''),
        'the next missing Turkish text',
      );
      await press('Enter');
    }
    await focusGoes(gapFocused, 'the next Turkish gap');
    figures.toNextTurkish.push({
      route: queue ? 'queue key' : 'Translations tool',
      keys: keys - before,
      ms: Date.now() - started,
    });
  }
  endStep(`fill ${expected.size} Turkish gaps`);
  await shot('last-turkish-gap-filled');
  const lastGap = await gapHere();

  // 5. The preview of the page last edited.
  await toTool('Presentation');
  const frameStarted = Date.now();
  while (!framed() && Date.now() - frameStarted < 30_000) await page.waitForTimeout(100);
  const frame = framed();
  await frame?.locator('.preview-bar').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(2_000);
  endStep('Presentation from the top bar');
  await shot('preview-opened');
  figures.preview.lastEdited = lastGap;
  if (!frame) {
    // Another site, or none: the walk's preview ends here.
    figures.preview.opened =
      page
        .frames()
        .find((f) => f !== page.mainFrame())
        ?.url() ?? 'no frame';
    return figures;
  }
  figures.preview.opened = new URL(frame.url()).pathname;
  figures.preview.cookieBanner = await frame.locator('.consent-banner').count();
  figures.preview.barTabsFromStudio = await pressUntil(
    'Tab',
    (f) => f.inFrame && f.className.includes('preview-bar__link'),
    'the preview bar',
    120,
  );
  await shot('preview-bar-focused');
  const social = await pressUntil(
    'Tab',
    (f) => f.inFrame && f.className.includes('social-link'),
    'a link to another site',
    200,
  );
  const href = await frame.evaluate(() => (document.activeElement as HTMLAnchorElement).href);
  // Offline: the other site is answered here.
  await page
    .context()
    .route(href, (route) =>
      route.fulfill({ status: 200, contentType: 'text/plain', body: 'another site' }),
    );
  const framedBefore = framed()?.url();
  const popup = page
    .context()
    .waitForEvent('page', { timeout: 5_000 })
    .catch(() => null);
  await press('Enter');
  const opened = await popup;
  await page.waitForTimeout(2_000);
  figures.preview.socialLinkTabs = social;
  figures.preview.socialLinkOpened = opened ? 'a new tab' : 'in the frame';
  figures.preview.framedAfterSocialLink = framed()?.url() ?? page.frames().at(-1)?.url() ?? '';
  figures.preview.previewKept = framed()?.url() === framedBefore;
  await opened?.close();
  await page.bringToFront();
  endStep('preview: bar by keyboard, a link to another site');
  await shot('preview-after-social-link');

  return figures;
}

const work = await mkdtemp(path.join(tmpdir(), 'rg-studio-walk-'));
const dataset = await temporaryDataset();
try {
  const build = await benchBuilds(values.build, work, dataset.storeFile);
  const documents = (await readFile(dataset.storeFile, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const { namespace, path: keys } of TURKISH_GAPS) {
    let node = documents.find((doc) => doc._id === documentId(namespace))!;
    for (const key of keys) node = node[key] as Record<string, unknown>;
    delete node.tr;
  }
  await writeFile(dataset.storeFile, documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n');

  const session = await startStudioSession({
    build,
    storeFile: dataset.storeFile,
    api: { announce: true },
  });
  const site = await serveSiteCopy('studio-walk', dataset.storeFile, {
    STUDIO_URL: session.studioUrl,
  });
  try {
    // The Studio serves from 127.0.0.1: the site on the same host is same-site to it.
    const siteUrl = site.url.replace('localhost', '127.0.0.1');
    const tab = await session.newTab();
    await tab.page.setViewportSize({ width: 1280, height: 720 });
    // Once, as `npm run studio` does: the Presentation tool learns where the site runs.
    await tab.page.goto(
      `${session.studioUrl}/presentation?preview=${encodeURIComponent(`${siteUrl}/`)}`,
    );
    await tab.page.frameLocator('iframe').locator('.preview-bar').waitFor({ timeout: 60_000 });
    await tab.page.goto(`${session.studioUrl}/structure`);
    await tab.page.getByText('Home page sections').waitFor({ timeout: 60_000 });
    await mkdir(out, { recursive: true });
    console.log(`screenshots in ${path.relative(process.cwd(), out) || '.'}:`);
    const figures = await walk(tab.page, siteUrl);
    // What the Translations tool says at the end.
    await tab.page.goto(`${session.studioUrl}/translations`);
    await tab.page.getByTestId('translation-totals').waitFor({ timeout: 60_000 });
    await tab.page.waitForTimeout(1_500);
    figures.turkishGapsLeft = await tab.page.getByTestId('translation-totals').innerText();
    await tab.page.screenshot({ path: path.join(out, 'translations-after.png') });
    await writeFile(path.join(out, 'walk.json'), JSON.stringify(figures, null, 2) + '\n');

    console.log('\nkeys per step (no mouse)\n');
    console.log(formatTable(['step', 'keys', 'seconds'], figures.steps));
    console.log('\nroom as each dictionary opens (px)\n');
    console.log(
      formatTable(
        ['dictionary', 'first input y', 'inputs shown', 'narrowest input', '40 characters'],
        Object.entries(figures.room).map(([name, room]) => [
          name,
          room.firstInputY ?? '-',
          room.inputsVisible,
          room.narrowestInput ?? '-',
          room.fortyCharacters,
        ]),
      ),
    );
    console.log(
      `\nTab presses from one language's input to the next: ${figures.tabsBetweenLanguages.join(', ')}`,
    );
    console.log('\nfrom a filled Turkish text to the next empty one\n');
    console.log(
      formatTable(
        ['route', 'keys', 'ms'],
        figures.toNextTurkish.map(({ route, keys, ms }) => [route, keys, ms]),
      ),
    );
    console.log(`\npreview: ${JSON.stringify(figures.preview)}`);
    console.log(
      `Translations tool after the walk: ${figures.turkishGapsLeft.replace(/\n/g, ' | ')}`,
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
