/**
 * Releases made and run in the real Studio (Sanity's Releases tool) on the local API, with the
 * real site on the same dataset, as `npm run studio` wires them: the API sends publishes to the
 * site and asks the site's release check before a release goes live.
 * - Run now: two dictionaries' changes published together, in one transaction.
 * - A text another open release also changes gets a warning beside it as the editor types.
 * - Launch day: the hero, the FAQ page and the footer changed in three languages, previewed in
 *   Presentation, scheduled a minute ahead, live on the site together at that minute with
 *   nobody watching, and reverted in one action to the very bytes served before.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '@/local-api/testing/client';
import { documentId, type Namespace } from '@/schemas';
import {
  clickToEdit,
  dictionaryPath,
  fieldIn,
  inputIn,
  startStudioWithSite,
  type StudioSession,
  type StudioWithSite,
  type StudioTab,
} from '@/testing/studio-servers';

/** The promise to editors: a release's texts on the site this long after its time. */
const LIVE_WITHIN_MS = 5_000;

let studio: StudioWithSite;
let session: StudioSession;
let tab: StudioTab;

beforeAll(async () => {
  // As `npm run studio` wires them: publishes, publish states, release checks and previews.
  studio = await startStudioWithSite({
    build: inject('studioBuild'),
    siteCopy: 'studio-releases',
    hooks: ['onPublished', 'publishState', 'releaseCheck'],
    preview: true,
  });
  ({ session, tab } = studio);
}, 420_000);

afterAll(() => studio?.stop());

/** Creates a release in the Releases tool, as an editor does; returns its id. */
async function createRelease(title: string): Promise<string> {
  const { page } = tab;
  await session.openTool(tab, 'releases');
  await page
    .getByRole('button', { name: /new release/i })
    .first()
    .click();
  await page.getByPlaceholder('Untitled release').fill(title);
  await page.getByRole('button', { name: 'Create release' }).click();
  await page.waitForURL(/\/releases\/r[A-Za-z0-9_-]+/, { timeout: 30_000 });
  return /\/releases\/(r[A-Za-z0-9_-]+)/.exec(page.url())![1]!;
}

/**
 * Adds a dictionary to `release` from its form and appends `added` to each field, as typed:
 * returns each field's text before.
 */
async function changeInRelease(
  release: string,
  namespace: Namespace,
  changes: readonly [field: string, added: string][],
): Promise<Map<string, string>> {
  const { page } = tab;
  await page.goto(`${session.studioUrl}${dictionaryPath(namespace)}?perspective=${release}`);
  await page.getByRole('button', { name: 'Add to release' }).click({ timeout: 60_000 });
  const before = new Map<string, string>();
  for (const [field, added] of changes) {
    await session.showField(tab, namespace, field);
    const input = inputIn(tab, field);
    before.set(field, await input.inputValue());
    await input.click();
    // The end of the whole text (in a text area, End stops at the end of its line).
    await input.press('ControlOrMeta+End');
    await page.keyboard.type(added);
    const versionId = `versions.${release}.${documentId(namespace)}`;
    await expect
      .poll(() => valueAt(session.api.store.get(versionId), field.split('.')), {
        timeout: 20_000,
      })
      .toBe(`${before.get(field)}${added}`);
  }
  return before;
}

function valueAt(doc: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (value as Record<string, unknown> | undefined)?.[key],
    doc,
  );
}

it('creates a release, adds two dictionaries to it and runs it: both published at once', async () => {
  const { page } = tab;
  const release = await createRelease('Run now');
  // Every language of each text: the site's check refuses a release that leaves translations
  // behind its English.
  const changes: Record<'footer' | 'hero', [string, string][]> = {
    footer: [
      ['brand.name.en', ' Now'],
      ['brand.name.de', ' Jetzt'],
      ['brand.name.tr', ' Şimdi'],
    ],
    hero: [
      ['eyebrow.en', ' · now'],
      ['eyebrow.de', ' · jetzt'],
      ['eyebrow.tr', ' · şimdi'],
    ],
  };
  const before = new Map<string, string>();
  for (const [namespace, fields] of Object.entries(changes))
    for (const [field, text] of await changeInRelease(release, namespace as Namespace, fields))
      before.set(`${namespace}.${field}`, text);

  await page.goto(`${session.studioUrl}/releases/${release}`);
  await page.getByRole('button', { name: 'Run release' }).click({ timeout: 60_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Run release' }).click();
  await expect
    .poll(() => session.api.store.get(`_.releases.${release}`)?.state, { timeout: 30_000 })
    .toBe('published');

  // Both published, by the same transaction, and no version left behind.
  const published = (['footer', 'hero'] as const).map((namespace) => {
    const doc = session.api.store.get(documentId(namespace))!;
    for (const [field, added] of changes[namespace])
      expect(valueAt(doc, field.split('.'))).toBe(`${before.get(`${namespace}.${field}`)}${added}`);
    return doc;
  });
  expect(new Set(published.map((doc) => doc._rev)).size).toBe(1);
  expect(session.api.store.all().filter((doc) => doc._id.startsWith('versions.'))).toEqual([]);
  expect(tab.errors).toEqual([]);
}, 300_000);

it('warns beside a text another open release also changes, without blocking', async () => {
  const { page } = tab;
  const FOOTER = documentId('footer');
  const api = new ApiClient(session.api.url, session.api.token);
  const act = async (action: Record<string, unknown>) => {
    const answer = await api.post('/data/actions/production', { actions: [action] });
    expect(answer.status, answer.text).toBe(200);
  };
  try {
    // Another editor's release "Summer" changes the English brand name; "Autumn" is empty.
    for (const [name, title] of [
      ['rSummer', 'Summer'],
      ['rAutumn', 'Autumn'],
    ])
      await act({
        actionType: 'sanity.action.release.create',
        releaseId: name,
        metadata: { title },
      });
    await act({
      actionType: 'sanity.action.document.version.create',
      publishedId: FOOTER,
      baseId: FOOTER,
      versionId: `versions.rSummer.${FOOTER}`,
    });
    await act({
      actionType: 'sanity.action.document.edit',
      draftId: `versions.rSummer.${FOOTER}`,
      publishedId: FOOTER,
      patch: { set: { 'brand.name.en': 'Summer brand' } },
    });
  } finally {
    api.close();
  }

  await page.goto(`${session.studioUrl}${dictionaryPath('footer')}?perspective=rAutumn`);
  await page.getByRole('button', { name: 'Add to release' }).click({ timeout: 60_000 });
  await session.showField(tab, 'footer', 'brand.name.en');
  /** What one language of the brand name says under its input, at one level. */
  const said = (language: string, level: 'errors' | 'warnings') =>
    fieldIn(tab, 'brand.name').locator(
      `[data-language-field="${language}"] [data-testid="field-${level}"]`,
    );
  const message = 'Release “Summer” also changes this text; the release published last wins.';
  const name = inputIn(tab, 'brand.name.en');
  await name.click();
  await name.press('End');
  await page.keyboard.type(' Autumn');
  await expect
    .poll(async () => (await said('en', 'warnings').allInnerTexts()).join('\n'), {
      timeout: 30_000,
    })
    .toContain(message);
  // A text only this release changes has none; the warning is no error.
  const german = inputIn(tab, 'brand.name.de');
  await german.click();
  await german.press('End');
  await page.keyboard.type(' Herbst');
  await expect
    .poll(() =>
      valueAt(session.api.store.get(`versions.rAutumn.${FOOTER}`), ['brand', 'name', 'de']),
    )
    .toMatch(/ Herbst$/);
  expect(await said('de', 'warnings').count()).toBe(0);
  expect(await said('en', 'errors').count()).toBe(0);
  expect(tab.errors).toEqual([]);
}, 300_000);

describe('launch day', () => {
  const LANGUAGES = ['en', 'de', 'tr'] as const;
  type Language = (typeof LANGUAGES)[number];
  /** What the launch appends: three dictionaries, one text each, in the three languages. */
  const LAUNCH: Record<'hero' | 'faqPage' | 'footer', [field: string, Record<Language, string>]> = {
    hero: ['title.main', { en: ' out now,', de: ' jetzt da,', tr: ' şimdi çıktı,' }],
    faqPage: ['hero.title', { en: ' at launch', de: ' zum Start', tr: ' (çıkış günü)' }],
    footer: ['brand.tagline', { en: ' Out now.', de: ' Jetzt erhältlich.', tr: ' Şimdi çıktı.' }],
  };
  type Launched = keyof typeof LAUNCH;
  /** The pages and /locales files showing the launch's dictionaries, and which they show. */
  const SHOWN: [path: string, Language, Launched[]][] = LANGUAGES.flatMap((language) => {
    const prefix = language === 'en' ? '' : `/${language}`;
    return [
      [prefix || '/', language, ['hero', 'footer']],
      [`${prefix}/faq`, language, ['faqPage', 'footer']],
      ...(Object.keys(LAUNCH) as Launched[]).map(
        (namespace) =>
          [`/locales/${language}/${namespace}.json`, language, [namespace]] as [
            string,
            Language,
            Launched[],
          ],
      ),
    ] as [string, Language, Launched[]][];
  });

  /** Every path's ETag and body as the site serves them now. */
  async function served(): Promise<Map<string, string>> {
    const entries = await Promise.all(
      SHOWN.map(async ([path]) => {
        const response = await fetch(`${studio.site.url}${path}`);
        return [path, `${response.headers.get('etag')}\n${await response.text()}`] as const;
      }),
    );
    return new Map(entries);
  }

  /**
   * As served once every path is kept in the site's memory: the response that renders a page
   * after a publish has no ETag yet; the ones answered from memory have.
   */
  const servedFromMemory = () =>
    pollUntil(async () => {
      const now = await served();
      return [...now.values()].every((entry) => !entry.startsWith('null\n')) ? now : undefined;
    }, Date.now() + 30_000);

  /** Whether every path shows every text of the launch it should (or, with 'none', none). */
  const showsLaunch = (now: Map<string, string>, expected: 'all' | 'none' = 'all') =>
    SHOWN.every(([path, language, namespaces]) =>
      namespaces.every(
        (namespace) =>
          now.get(path)!.includes(LAUNCH[namespace][1][language]) === (expected === 'all'),
      ),
    );

  it('changed in three languages, previewed, scheduled a minute ahead, live together at its time, reverted in one action to the same bytes', async () => {
    const { page } = tab;
    const before = await servedFromMemory();
    expect(showsLaunch(before, 'none')).toBe(true);
    const release = await createRelease('Launch');
    for (const [namespace, [field, texts]] of Object.entries(LAUNCH))
      await changeInRelease(
        release,
        namespace as Launched,
        LANGUAGES.map((language) => [`${field}.${language}`, texts[language]]),
      );

    // Previewed as it will look: Presentation in the release's perspective frames the site
    // with the release's texts, which visitors do not see yet.
    await session.openTool(
      tab,
      `presentation?perspective=${release}&preview=${encodeURIComponent(`${studio.framedSiteUrl}/de`)}`,
    );
    const framed = page.frameLocator('iframe');
    await expect
      .poll(() => framed.locator('#hero-title').innerText(), { timeout: 60_000 })
      .toContain(LAUNCH.hero[1].de.trim());
    await expect(framed.locator('.site-footer').innerText()).resolves.toContain(
      LAUNCH.footer[1].de.trim(),
    );
    // Click to edit inside the release: a text in the frame opens its field in the release's
    // change, and what is typed there changes the release, not the published text.
    await clickToEdit(tab, framed.locator('#hero-title'), 'field-title.main.de');
    await page.keyboard.press('End');
    await page.keyboard.type(' heute');
    const heroDe = (id: string) => valueAt(session.api.store.get(id), ['title', 'main', 'de']);
    await expect
      .poll(() => heroDe(`versions.${release}.${documentId('hero')}`), { timeout: 20_000 })
      .toMatch(/ jetzt da, heute$/);
    expect(heroDe(documentId('hero'))).not.toContain('jetzt da');
    expect(showsLaunch(await served(), 'none')).toBe(true);

    // Scheduled for the next minute at least 30 s ahead (the Studio schedules to the minute).
    const at = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
    await page.goto(`${session.studioUrl}/releases/${release}`);
    await page.getByTestId('release-type-picker').click({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'At time' }).click();
    const dateInput = page.getByTestId('date-input');
    // As the editor reads it: the Studio shows times in the browser's zone.
    await dateInput.fill(
      await page.evaluate((ms) => {
        const date = new Date(ms);
        const month = date.toLocaleString('en-US', { month: 'short' });
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${month} ${date.getDate()}, ${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
      }, at.getTime()),
    );
    await dateInput.press('Enter');
    await page.getByTestId('release-type-picker').click();
    await expect
      .poll(() => session.api.store.get(`_.releases.${release}`)?.metadata, { timeout: 20_000 })
      .toMatchObject({ releaseType: 'scheduled', intendedPublishAt: at.toISOString() });
    await page.getByRole('button', { name: 'Schedule release...' }).click({ timeout: 30_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, schedule' }).click();
    await expect
      .poll(() => session.api.store.get(`_.releases.${release}`)?.state, { timeout: 20_000 })
      .toBe('scheduled');
    expect(session.api.store.get(`_.releases.${release}`)?.publishAt).toBe(at.toISOString());

    // Nobody watching: the Studio is left before the time comes.
    await page.goto('about:blank');
    const live = await pollUntil(async () => {
      const now = await served();
      return showsLaunch(now) ? now : undefined;
    }, at.getTime() + 60_000);
    const liveAfter = Date.now() - at.getTime();
    console.log(
      `release scheduled at ${at.toISOString()}: every page and /locales file new ${liveAfter} ms after its time`,
    );
    expect(liveAfter).toBeGreaterThan(0);
    expect(liveAfter).toBeLessThan(LIVE_WITHIN_MS);
    for (const [path, body] of live) expect(body, path).not.toBe(before.get(path));
    console.log(studio.notes.join('\n'));

    // Reverted in one action: Revert release, immediately (no release staged to run later).
    await page.goto(`${session.studioUrl}/releases/${release}`);
    await page.getByTestId('revert-button').click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Immediately revert the release').check();
    const clicked = Date.now();
    await dialog.getByRole('button', { name: 'Revert now' }).click();
    const reverted = await pollUntil(async () => {
      const now = await served();
      return showsLaunch(now, 'none') ? now : undefined;
    }, clicked + 60_000);
    console.log(`Revert release → every page and /locales file back: ${Date.now() - clicked} ms`);
    expect(Date.now() - clicked).toBeLessThan(LIVE_WITHIN_MS);
    // Byte-identical to before the release, ETag too.
    expect(showsLaunch(reverted, 'none')).toBe(true);
    for (const [path, entry] of await servedFromMemory())
      expect(entry, path).toBe(before.get(path));

    // The revert is itself a published release, so it can be reverted in turn.
    const revert = session.api.store
      .all()
      .find(
        (doc) =>
          doc._id.startsWith('_.releases.') &&
          (doc.metadata as { title?: string } | undefined)?.title === 'Reverting "Launch"',
      );
    expect(revert).toMatchObject({ state: 'published' });
    expect(tab.errors).toEqual([]);
  }, 420_000);
});

/** Polls `read` every 100 ms until it returns a value; fails at `deadline`. */
async function pollUntil<T>(read: () => Promise<T | undefined>, deadline: number): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('not reached by the deadline');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
