/**
 * npm run screenshots:studio — what an editor sees, for review: the real Studio (built from
 * studio/) on the local API with a copy of the bundled dictionaries, in Chromium,
 * saved as PNGs in screenshots/studio/ (or the folder given as an argument).
 *
 * At 1440 × 900: the desk, a large dictionary, an open list entry, a legal document, the On
 * the site tab and the Translations tool. At 1280 × 720, a laptop screen: every dictionary as
 * it opens, one file per dictionary named after its desk group, and a table of the room its
 * form gives (top of the first input, inputs shown without scrolling, the narrowest
 * single-line input against the width of 40 characters in its font).
 *
 * `--build <folder>` measures a Studio built before (e.g. from an older commit) instead of
 * building studio/.
 */
import '@/scripts/load-env';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatTable } from '@/content/report';
import { getDictionary, NAMESPACES } from '@/schemas';
import {
  buildStudio,
  measureRoom,
  startStudioSession,
  type FormRoom,
  type StudioSession,
  type StudioTab,
} from '@/testing/studio-servers';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { build: { type: 'string' } },
});
const out = path.resolve(positionals[0] ?? 'screenshots/studio');

async function shoot(tab: StudioTab, name: string): Promise<void> {
  // Previews and validation settle shortly after the form appears.
  await tab.page.waitForTimeout(1500);
  const file = path.join(out, `${name}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  await tab.page.screenshot({ path: file });
  console.log(`  ${path.relative(process.cwd(), file)}`);
}

async function capture(session: StudioSession): Promise<void> {
  const tab = await session.newTab();
  const { page } = tab;

  await page.goto(`${session.studioUrl}/structure/pages`);
  await page.getByTestId('pane-item-About page').waitFor({ timeout: 60_000 });
  await shoot(tab, '1-desk');

  await session.openDictionary(tab, 'about');
  await shoot(tab, '2-large-dictionary-about');
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.getByTestId('inline-item-toggle').first().click();
  await shoot(tab, '3-about-timeline-entry-open');

  await session.openDictionary(tab, 'privacyPolicy');
  await shoot(tab, '4-legal-document');
  await page.getByRole('tab', { name: 'Sections' }).click();
  // Section 2 → its second subsection → that one's first subsection: three levels, in place.
  const toggles = (fieldPath: string) =>
    page.getByTestId(`field-${fieldPath}`).getByTestId('inline-item-toggle');
  await toggles('sections').nth(1).click();
  await toggles('sections[_key=="item1"].subsections').nth(1).click();
  const deepest = 'sections[_key=="item1"].subsections[_key=="item1"].subsections';
  await toggles(deepest).first().click();
  await page.getByTestId(`field-${deepest}[_key=="item0"].heading`).scrollIntoViewIfNeeded();
  await shoot(tab, '5-legal-subsection-open');

  await page.getByRole('tab', { name: 'On the site' }).click();
  await shoot(tab, '6-on-the-site');

  await page.goto(`${session.studioUrl}/translations`);
  await page.getByTestId('translation-totals').waitFor({ timeout: 60_000 });
  await shoot(tab, '7-translation-overview');

  if (tab.errors.length) console.warn(`console errors:\n${tab.errors.join('\n')}`);
}

/** Every dictionary as it opens on a 1280 × 720 screen, and the room its form gives. */
async function captureLaptop(session: StudioSession): Promise<void> {
  const tab = await session.newTab();
  await tab.page.setViewportSize({ width: 1280, height: 720 });
  const rows: (string | number)[][] = [];
  for (const namespace of NAMESPACES) {
    await session.openDictionary(tab, namespace);
    await shoot(tab, `1280x720/${getDictionary(namespace).section}-${namespace}`);
    const room: FormRoom = await measureRoom(tab.page);
    rows.push([
      namespace,
      room.firstInputY ?? '-',
      room.inputsVisible,
      room.narrowestInput ?? '-',
      room.fortyCharacters,
    ]);
  }
  console.log('\nroom to write at 1280 × 720, as each dictionary opens (px)\n');
  console.log(
    formatTable(
      ['dictionary', 'first input y', 'inputs shown', 'narrowest input', '40 characters'],
      rows,
    ),
  );
  if (tab.errors.length) console.warn(`console errors:\n${tab.errors.join('\n')}`);
}

const work = await mkdtemp(path.join(tmpdir(), 'rg-studio-screenshots-'));
try {
  const build = values.build ? path.resolve(values.build) : path.join(work, 'build');
  if (!values.build) {
    console.log('building the Studio…');
    buildStudio(build);
  }
  await mkdir(out, { recursive: true });
  const session = await startStudioSession({ build });
  try {
    console.log(`screenshots in ${path.relative(process.cwd(), out) || '.'}:`);
    await capture(session);
    await captureLaptop(session);
  } finally {
    await session.close();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
