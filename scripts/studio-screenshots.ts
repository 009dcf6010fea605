/**
 * npm run screenshots:studio — what an editor sees, for review: the real Studio (built from
 * studio/) on the local API with a copy of the bundled dictionaries, in Chromium at
 * 1440 × 900, saved as PNGs in screenshots/studio/ (or the folder given as an argument).
 */
import '@/scripts/load-env';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildStudio,
  startStudioSession,
  type StudioSession,
  type StudioTab,
} from '@/testing/studio';

const out = path.resolve(process.argv[2] ?? 'screenshots/studio');

async function shoot(tab: StudioTab, name: string): Promise<void> {
  // Previews and validation settle shortly after the form appears.
  await tab.page.waitForTimeout(1500);
  const file = path.join(out, `${name}.png`);
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

const work = await mkdtemp(path.join(tmpdir(), 'rg-studio-screenshots-'));
try {
  console.log('building the Studio…');
  buildStudio(path.join(work, 'build'));
  await mkdir(out, { recursive: true });
  const session = await startStudioSession({ build: path.join(work, 'build') });
  try {
    console.log(`screenshots in ${path.relative(process.cwd(), out) || '.'}:`);
    await capture(session);
  } finally {
    await session.close();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
