/**
 * Undoing a bad publish, end to end: the real Studio on the local API and a real
 * site build on the same dataset file, publishes going to the site as `npm run studio`
 * sends them. The site keeps each version that goes live; the Versions tool restores one
 * (and undoes that), the whole site goes back to a time, and `npm run versions` restores
 * beside the running site. Each restore must be on the page within 5 s; the times are
 * printed.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '@/local-api/testing/client';
import { versionsCommand, type VersionsIo } from '@/content/versions/command';
import { versionsFileOf } from '@/content/versions/local-versions';
import { contentOf, type PublishedVersion } from '@/content/versions/version-records';
import {
  inputIn,
  publishEdit,
  startStudioWithSite,
  type StudioSession,
  type StudioWithSite,
  type StudioTab,
} from '@/testing/studio-servers';

/** The limit the site promises from a restore to the text on the page. */
const LIVE_WITHIN_MS = 5_000;

let studio: StudioWithSite;
let session: StudioSession;
let tab: StudioTab;

beforeAll(async () => {
  studio = await startStudioWithSite({
    build: inject('studioBuild'),
    siteCopy: 'studio-versions',
    hooks: ['onPublished'],
  });
  ({ session, tab } = studio);
}, 420_000);

afterAll(() => studio?.stop());

async function get(pathname: string): Promise<string> {
  return (await fetch(`${studio.site.url}${pathname}`)).text();
}

/** Waits until every path shows its text; returns the milliseconds since `since`. */
async function liveWithin(since: number, expected: Record<string, string>): Promise<number> {
  await expect
    .poll(
      async () => {
        const pages = await Promise.all(Object.keys(expected).map((pathname) => get(pathname)));
        return pages.every((page, index) => page.includes(Object.values(expected)[index]!));
      },
      { timeout: LIVE_WITHIN_MS, interval: 100 },
    )
    .toBe(true);
  return Date.now() - since;
}

/** The store's documents: the dataset file's and the versions kept beside it. */
async function stored(): Promise<Map<string, Record<string, unknown> & { _id: string }>> {
  const text = [
    await readFile(studio.session.storeFile, 'utf8'),
    await readFile(versionsFileOf(studio.session.storeFile), 'utf8').catch(() => ''),
  ].join('');
  return new Map(
    text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown> & { _id: string })
      .map((doc) => [doc._id, doc]),
  );
}

async function keptVersions(namespace: string): Promise<PublishedVersion[]> {
  return [...(await stored()).values()]
    .filter((doc) => doc._type === 'publishedVersion' && doc.namespace === namespace)
    .map((doc) => doc as unknown as PublishedVersion)
    .sort((a, b) => (a.liveAt < b.liveAt ? 1 : -1));
}

const page = () => tab.page;

async function publishInStudio(text: string): Promise<void> {
  await inputIn(tab, 'title.main.de').fill(text);
  const publish = page().getByTestId('action-publish');
  await expect.poll(() => publish.getAttribute('data-disabled'), { timeout: 30_000 }).toBe('false');
  await publish.click();
  await expect.poll(() => get('/de'), { timeout: LIVE_WITHIN_MS * 2 }).toContain(text);
}

async function confirmRestore(): Promise<number> {
  await page().getByTestId('restore-confirm').click();
  return Date.now();
}

/** A time input holds whole seconds. */
const wholeSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** `YYYY-MM-DDTHH:mm:ss` in this machine's time zone, as the browser's time input takes it. */
function localInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

describe('undoing a bad publish with the Versions tool', () => {
  const first = `Erste Fassung ${Date.now()}`;
  const second = `Zweite Fassung ${Date.now()}`;

  it('restores the first of two published edits, live within 5 s, and undoes that', async () => {
    await session.openDictionary(tab, 'hero');
    await session.showField(tab, 'hero', 'title.main.de');
    await publishInStudio(first);
    await publishInStudio(second);
    // The site kept both, and the version the build went live with.
    await expect.poll(async () => (await keptVersions('hero')).length, { timeout: 10_000 }).toBe(3);

    await session.openTool(tab, 'versions');
    // It opens on the dictionary published last, comparing the version before the live one.
    const detail = page().getByTestId('version-detail');
    await detail.waitFor({ timeout: 60_000 });
    await expect.poll(() => page().getByTestId('versions-dictionary').inputValue()).toBe('hero');
    await page().getByTestId('compare-language-de').click();
    const row = detail.locator('[data-testid="comparison-row"][data-path="title.main"]');
    await expect.poll(() => row.getAttribute('data-changed')).toBe('true');
    expect(await row.getByTestId('comparison-version').innerText()).toBe(first);
    expect(await row.getByTestId('comparison-live').innerText()).toBe(second);

    const [, firstKept] = await keptVersions('hero');
    await page().getByTestId('restore-version').click();
    const restoredAt = await confirmRestore();
    const restoreMs = await liveWithin(restoredAt, {
      '/de': first,
      '/locales/de/hero.json': first,
    });
    console.log(
      `Versions tool: restore confirmed → /de and /locales/de/hero.json show it: ${restoreMs} ms`,
    );
    // The store's published document is that version.
    const published = (await stored()).get('dictionary-hero')!;
    expect((firstKept!.content.title as { main: { de: string } }).main.de).toBe(first);
    expect(contentOf(published)).toEqual(firstKept!.content);
    // The restore is a version of its own.
    await expect.poll(async () => (await keptVersions('hero')).length, { timeout: 10_000 }).toBe(4);

    await page().getByTestId('restore-undo').click();
    // The confirmation and the comparison behind it name the same version: the one the
    // undo puts back, whose title is the second edit.
    const dialog = page().locator('#versions-confirm');
    await expect.poll(() => dialog.innerText()).toMatch(/Undo the restore of Hero\?/);
    await expect.poll(() => row.getByTestId('comparison-version').innerText()).toBe(second);
    const shownTime = (await detail.getByRole('heading').first().innerText()).match(
      /The version from (.+) beside the live texts/,
    )?.[1];
    expect(shownTime).toBeTruthy();
    expect(await dialog.innerText()).toContain(
      `After this, the site shows the version from ${shownTime}:`,
    );
    const undoneAt = await confirmRestore();
    const undoMs = await liveWithin(undoneAt, { '/de': second, '/locales/de/hero.json': second });
    console.log(`Versions tool: undo confirmed → /de shows the text again: ${undoMs} ms`);
    await expect.poll(async () => (await keptVersions('hero')).length, { timeout: 10_000 }).toBe(5);
    expect(tab.errors).toEqual([]);
  });

  it('refuses while someone edits the dictionary, saying what to do', async () => {
    // Someone else's edit, as their Studio sends it: a draft, not yet published. (Not typed
    // in this tab: its Studio could still send queued keystrokes after the draft is gone.)
    const api = new ApiClient(session.api.url, session.api.token);
    const draftId = 'drafts.dictionary-hero';
    const edited = await api.post('/data/actions/production', {
      actions: [
        {
          actionType: 'sanity.action.document.edit',
          draftId,
          publishedId: 'dictionary-hero',
          patch: { set: { 'title.main.de': 'Noch nicht veröffentlicht' } },
        },
      ],
    });
    expect(edited.status, edited.text).toBe(200);
    await session.openTool(tab, 'versions');
    await page().getByTestId('versions-draft-note').waitFor({ timeout: 60_000 });
    await page().getByTestId('version-compare').last().click();
    await page().getByTestId('restore-version').click();
    await expect
      .poll(() => page().getByTestId('restore-outcome').innerText(), { timeout: 10_000 })
      .toMatch(
        /Hero: unpublished changes \(a draft\), someone is editing\. Publish or discard the draft first/,
      );
    expect(await get('/de')).toContain(second);
    // Leave no draft for the next test.
    const discarded = await api.post('/data/actions/production', {
      actions: [{ actionType: 'sanity.action.document.discard', draftId }],
    });
    api.close();
    expect(discarded.status, discarded.text).toBe(200);
  });

  it('puts three dictionaries back as they were at a time, all live within 5 s', async () => {
    const before = {
      '/de/about': JSON.parse(await get('/locales/de/about.json')).hero.title as string,
      '/de/faq': JSON.parse(await get('/locales/de/faqPage.json')).hero.title as string,
      '/de': second,
    };
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const at = wholeSeconds(Date.now());
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const stamp = Date.now();
    await publishEdit(session.api, 'dictionary-hero', { 'title.main.de': `Hero ${stamp}` });
    await publishEdit(session.api, 'dictionary-about', { 'hero.title.de': `Über ${stamp}` });
    await publishEdit(session.api, 'dictionary-faqPage', { 'hero.title.de': `FAQ ${stamp}` });
    await liveWithin(Date.now(), {
      '/de': `Hero ${stamp}`,
      '/de/about': `Über ${stamp}`,
      '/de/faq': `FAQ ${stamp}`,
    });
    await expect
      .poll(async () => (await keptVersions('faqPage')).length, { timeout: 10_000 })
      .toBe(2);

    await session.openTool(tab, 'versions');
    await page().getByTestId('versions-tab-site').click();
    await page().getByTestId('site-restore-time').fill(localInput(at));
    await page().getByTestId('site-restore-preview').click();
    const plan = page().getByTestId('site-restore-plan');
    const refused = page().getByTestId('restore-outcome');
    await plan.or(refused).first().waitFor({ timeout: 30_000 });
    if (await refused.count()) expect.fail(`the preview was refused: ${await refused.innerText()}`);
    for (const namespace of ['hero', 'about', 'faqPage'])
      await plan.getByTestId(`site-restore-item-${namespace}`).waitFor();
    expect(await plan.locator('li').count()).toBe(3);
    // Counted texts in their plural form, not "dictionary(ies)".
    expect(await plan.innerText()).toMatch(/3 dictionaries change:/);
    await expect
      .poll(() => page().getByTestId('site-restore-start').innerText())
      .toBe('Restore these 3 dictionaries');

    await page().getByTestId('site-restore-start').click();
    const confirmedAt = await confirmRestore();
    const siteMs = await liveWithin(confirmedAt, before);
    console.log(
      `Versions tool: site restore of 3 dictionaries confirmed → all three pages show it: ${siteMs} ms`,
    );
    // One transaction: the three published documents share its revision.
    const documents = await stored();
    const revisions = new Set(
      ['dictionary-hero', 'dictionary-about', 'dictionary-faqPage'].map(
        (id) => documents.get(id)!._rev,
      ),
    );
    expect(revisions.size).toBe(1);

    // Its undo lists what the site shows again, and puts all three back together.
    await page().getByTestId('restore-undo').click();
    const dialog = page().locator('#versions-confirm');
    await expect.poll(() => dialog.innerText()).toMatch(/Undo the restore of the whole site\?/);
    for (const namespace of ['hero', 'about', 'faqPage'])
      await dialog.getByTestId(`site-undo-item-${namespace}`).waitFor();
    const undoneAt = await confirmRestore();
    const undoMs = await liveWithin(undoneAt, {
      '/de': `Hero ${stamp}`,
      '/de/about': `Über ${stamp}`,
      '/de/faq': `FAQ ${stamp}`,
    });
    console.log(
      `Versions tool: undo of the site restore confirmed → all three pages: ${undoMs} ms`,
    );
    expect(tab.errors).toEqual([]);
  });

  it('refuses a time in the future, saying so', async () => {
    await session.openTool(tab, 'versions');
    await page().getByTestId('versions-tab-site').click();
    await page()
      .getByTestId('site-restore-time')
      .fill(localInput(wholeSeconds(Date.now() + 24 * 3600_000)));
    await page().getByTestId('site-restore-preview').click();
    await expect
      .poll(() => page().getByTestId('restore-outcome').innerText(), { timeout: 30_000 })
      .toMatch(/that time is in the future\. Choose a time before now\./);
  });

  it('npm run versions restores beside the running site and API, through the same publish path', async () => {
    const out: string[] = [];
    const io: VersionsIo = {
      env: {
        CONTENT_STORE_FILE: studio.session.storeFile,
        SITE_REVALIDATE_URL: `${studio.site.url}/api/revalidate`,
      },
      log: (text) => out.push(text),
      error: (text) => out.push(text),
      confirm: async () => true,
    };
    // The site restore of about and its undo are kept too: restore the version before that.
    await expect
      .poll(async () => (await keptVersions('about')).length, { timeout: 10_000 })
      .toBe(4);
    const [, previous] = await keptVersions('about');
    const title = (previous!.content.hero as { title: { de: string } }).title.de;
    const started = Date.now();
    expect(await versionsCommand(['restore', 'about', '2'], io)).toBe(0);
    const ms = await liveWithin(started, { '/de/about': title });
    console.log(`npm run versions -- restore about 2 → /de/about shows it: ${ms} ms`);
    expect(out).toContain(
      'publish → site: dictionary-about: 200 revalidated (3 page(s), 3 /locales file(s))',
    );
    // The running API picked the write up: an open Studio shows it.
    await expect
      .poll(
        () =>
          (session.api.store.get('dictionary-about')?.hero as { title: { de: string } }).title.de,
      )
      .toBe(title);
  });

  it('keeps the tab and dictionary chosen in the address: a click at start-up and a reload keep them', async () => {
    // Clicked as soon as the tab shows, while the Studio still mounts its layout again.
    await page().goto(`${session.studioUrl}/versions`);
    await page().getByTestId('versions-tab-site').click({ timeout: 60_000 });
    await page().getByTestId('site-restore-time').waitFor();
    await page().waitForTimeout(3_000);
    expect(await page().getByTestId('site-restore-time').count()).toBe(1);
    expect(new URL(page().url()).pathname).toBe('/versions/site');
    await page().reload();
    await page().getByTestId('site-restore-time').waitFor({ timeout: 60_000 });

    await page().getByTestId('versions-tab-dictionary').click();
    await page().getByTestId('versions-dictionary').selectOption('faqPage');
    await expect.poll(() => new URL(page().url()).pathname).toBe('/versions/dictionary/faqPage');
    await page().reload();
    await page().getByTestId('version-detail').waitFor({ timeout: 60_000 });
    expect(await page().getByTestId('versions-dictionary').inputValue()).toBe('faqPage');
    await page().goBack();
    await expect
      .poll(() => page().getByTestId('versions-dictionary').inputValue())
      .not.toBe('faqPage');
    expect(tab.errors).toEqual([]);
  });

  it('speaks the editor’s interface language: German', async () => {
    const german = await session.newTab();
    await german.page.addInitScript(() =>
      localStorage.setItem('sanity-locale:local:default', 'de-DE'),
    );
    await session.openTool(german, 'versions');
    await german.page
      .getByRole('heading', { name: 'Versionen', level: 1 })
      .waitFor({ timeout: 60_000 });
    await german.page.getByRole('button', { name: 'Diese Version wiederherstellen' }).waitFor();
    await german.page.getByRole('tab', { name: 'Ganze Website' }).click();
    await german.page.getByLabel('Die Website so wiederherstellen, wie sie war am').waitFor();
    expect(german.errors).toEqual([]);
    await german.context.close();
  });
});

describe('a release in the Versions tool', () => {
  it('lists a release’s dictionaries under it, and restores the site to just before it', async () => {
    const before = {
      '/de': JSON.parse(await get('/locales/de/hero.json')).title.main as string,
      '/locales/de/footer.json': JSON.parse(await get('/locales/de/footer.json')).brand
        .tagline as string,
    };
    const stamp = Date.now();
    const after = { '/de': `Start ${stamp}`, '/locales/de/footer.json': `Fußzeile ${stamp}` };
    const api = new ApiClient(session.api.url, session.api.token);
    const actions = async (...list: object[]) => {
      const answer = await api.post('/data/actions/production', { actions: list });
      expect(answer.status, answer.text).toBe(200);
    };
    await actions({
      actionType: 'sanity.action.release.create',
      releaseId: 'rLaunch',
      metadata: { title: 'Launch', releaseType: 'asap' },
    });
    for (const [id, field, text] of [
      ['dictionary-hero', 'title.main.de', after['/de']],
      ['dictionary-footer', 'brand.tagline.de', after['/locales/de/footer.json']],
    ] as const) {
      const versionId = `versions.rLaunch.${id}`;
      await actions(
        {
          actionType: 'sanity.action.document.version.create',
          publishedId: id,
          baseId: id,
          versionId,
        },
        {
          actionType: 'sanity.action.document.edit',
          draftId: versionId,
          publishedId: id,
          patch: { set: { [field]: text } },
        },
      );
    }
    await actions({ actionType: 'sanity.action.release.publish', releaseId: 'rLaunch' });
    api.close();
    await liveWithin(Date.now(), after);
    await expect
      .poll(
        async () =>
          (await keptVersions('footer')).filter((v) => v.publishedBy?.includes('rLaunch')).length,
        { timeout: 10_000 },
      )
      .toBe(1);

    // Each dictionary's list names the release that put the version live.
    await page().goto(`${session.studioUrl}/versions/dictionary/footer`);
    const row = page().getByTestId('version-row').first();
    await expect
      .poll(() => row.getByTestId('version-release').innerText(), { timeout: 60_000 })
      .toBe('Release “Launch”');

    // The whole site's panel lists the release with both dictionaries, by its title.
    await page().getByTestId('versions-tab-site').click();
    const group = page().getByTestId('release-live-rLaunch');
    await group.waitFor({ timeout: 30_000 });
    expect(await group.innerText()).toMatch(/^Release “Launch”\s+Went live .+: Footer, Hero\s/);

    // One click from the release asks to restore the site as it was just before it.
    await group.getByTestId('release-restore-before').click();
    const dialog = page().locator('#versions-confirm');
    await expect
      .poll(() => dialog.innerText(), { timeout: 30_000 })
      .toMatch(/the 2 dictionaries listed are published at once/);
    const plan = page().getByTestId('site-restore-plan');
    expect(await plan.locator('li').count()).toBe(2);
    const restoredAt = await confirmRestore();
    const ms = await liveWithin(restoredAt, before);
    console.log(`Versions tool: site restore to just before a release → both live: ${ms} ms`);
    expect(tab.errors).toEqual([]);
  });
});
