/**
 * `npm run releases` on a temporary project: through the real Sanity client against the local
 * API serving the store (the running one, or one started for the command), list, show (with
 * two releases changing the same text), schedule, unschedule, publish and revert; `end`, whose
 * release the local API publishes at its time, putting back the texts from before; and one
 * clear line with exit code 2 for an unknown release, a bad time or an end that cannot be.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalApi, type RunningLocalApi } from '@/local-api/server';
import { isRelease, releaseDocumentId } from '@/local-api/releases';
import { ApiClient } from '@/local-api/testing/client';
import { importLocales } from './import-locales';
import { trustLocalApi } from './local-api-address';
import { LocalStore } from './local-store';
import { releasesCommand } from './releases-command';
import { makeTempProject, type TempProject } from './testing/temp-project';
import { canonicalJson } from './versions/version-records';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const FOOTER = 'dictionary-footer';
const ACTIONS = '/data/actions/production';

let project: TempProject;
let env: Record<string, string>;

async function releases(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await releasesCommand(args, {
    env,
    log: (text) => out.push(text),
    error: (text) => err.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A document's content fields as canonical JSON: equal strings, equal texts. */
const content = (doc: Record<string, unknown>) =>
  canonicalJson(Object.fromEntries(Object.entries(doc).filter(([key]) => !key.startsWith('_'))));

async function releaseWith(client: ApiClient, name: string, text: string) {
  await client.post(ACTIONS, {
    actions: [
      { actionType: 'sanity.action.release.create', releaseId: name, metadata: { title: name } },
    ],
  });
  const versionId = `versions.${name}.${FOOTER}`;
  const answer = await client.post(ACTIONS, {
    actions: [
      {
        actionType: 'sanity.action.document.version.create',
        publishedId: FOOTER,
        baseId: FOOTER,
        versionId,
      },
      {
        actionType: 'sanity.action.document.edit',
        draftId: versionId,
        publishedId: FOOTER,
        patch: { set: { 'copyrightTemplate.en': text } },
      },
    ],
  });
  expect(answer.status, answer.text).toBe(200);
}

beforeAll(async () => {
  project = await makeTempProject();
  await importLocales(new LocalStore(project.storeFile), { from: project.locales, dryRun: false });
  // No site: publishes are sent nowhere that answers, which the command reports and survives.
  env = {
    CONTENT_STORE_FILE: project.storeFile,
    SITE_REVALIDATE_URL: 'http://127.0.0.1:9/api/revalidate',
  };
});
afterAll(() => project.cleanup());

describe('npm run releases', () => {
  let api: RunningLocalApi;
  let client: ApiClient;
  beforeAll(async () => {
    api = await startLocalApi({
      storeFile: project.storeFile,
      announce: true,
      log: () => undefined,
    });
    client = new ApiClient(api.url, api.token);
  });
  afterAll(async () => {
    client.close();
    await api.close();
  });

  it('lists and shows releases, and says when two change the same text', async () => {
    await releaseWith(client, 'rSpring', 'Spring © {year} {brand}.');
    await releaseWith(client, 'rSummer', 'Summer © {year} {brand}.');
    const listed = await releases('list');
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toMatch(/rSpring\s+rSpring\s+active\s+1/);
    const shown = await releases('show', 'rSpring');
    expect(shown.out).toContain(`${FOOTER}: 1 text(s) changed`);
    expect(shown.out).toContain('also changed by release rSummer: copyrightTemplate.en');
    // No site runs: the command says so and carries on.
    expect(shown.out).toContain("Site's release check: not reached");
  });

  it('schedules, unschedules, publishes and reverts', async () => {
    const at = '2099-01-01T09:00:00.000Z';
    expect((await releases('schedule', 'rSpring', at)).out).toContain(`scheduled for ${at}`);
    expect((await releases('list')).out).toMatch(/rSpring\s+rSpring\s+scheduled for 2099/);
    expect((await releases('unschedule', 'rSpring')).code).toBe(0);
    expect((await releases('waive', 'rSpring')).code).toBe(0);
    expect((await releases('show', 'rSpring')).out).toMatch(
      /Outdated translations waived by \S+ at 20/,
    );
    const before = api.store.get(FOOTER)!;
    const published = await releases('publish', 'rSpring');
    expect(published.code, published.err).toBe(0);
    expect((api.store.get(FOOTER)!.copyrightTemplate as { en: string }).en).toBe(
      'Spring © {year} {brand}.',
    );

    const reverted = await releases('revert', 'rSpring');
    expect(reverted.code, reverted.err).toBe(0);
    const name = /Release (r\S+) puts back 1 document/.exec(reverted.out)![1]!;
    expect((await releases('publish', name)).code).toBe(0);
    const after = api.store.get(FOOTER)!;
    expect(content(after)).toBe(content(before));
    // The revert is a release like any other: it can be reverted too.
    expect((await releases('revert', name)).code).toBe(0);
  });

  it('ends a published release at its time with the texts from before it', async () => {
    const release = (name: string) => {
      const doc = api.store.get(releaseDocumentId(name));
      if (!isRelease(doc)) throw new Error(`no release ${name}`);
      return doc;
    };
    await releaseWith(client, 'rSale', 'Sale © {year} {brand}.');
    expect((await releases('waive', 'rSale')).code).toBe(0);
    const before = api.store.get(FOOTER)!;
    expect((await releases('publish', 'rSale')).code).toBe(0);
    expect(content(api.store.get(FOOTER)!)).not.toBe(content(before));

    // Far enough ahead for the command to run on a loaded machine.
    const at = new Date(Date.now() + 8_000).toISOString();
    const ended = await releases('end', 'rSale', at);
    expect(ended.code, ended.err).toBe(0);
    const name = /Release (r\S+) ends rSale at/.exec(ended.out)![1]!;
    expect(release(name)).toMatchObject({
      state: 'scheduled',
      publishAt: at,
      metadata: {
        title: 'End: rSale',
        releaseType: 'scheduled',
        intendedPublishAt: at,
        endsRelease: 'rSale',
        waiveOutdated: release('rSale').metadata.waiveOutdated,
      },
    });
    expect(content(api.store.get(`versions.${name}.${FOOTER}`)!)).toBe(content(before));
    expect((await releases('show', 'rSale')).out).toContain(`Ends: ${at} (release ${name}): `);
    expect((await releases('list')).out).toMatch(new RegExp(`rSale\\s+rSale\\s+published.*${at}`));

    // Nobody publishes it: the local API's scheduler does, at its time.
    await vi.waitFor(() => expect(release(name).state).toBe('published'), {
      timeout: 45_000,
      interval: 200,
    });
    expect(Date.parse(release(name).publishedAt!)).toBeGreaterThanOrEqual(Date.parse(at));
    expect(content(api.store.get(FOOTER)!)).toBe(content(before));
    expect((await releases('show', 'rSale')).out).toContain(`Ended: `);
  });

  it('ends a scheduled release with the texts published now, after its time', async () => {
    await releaseWith(client, 'rEvent', 'Event © {year} {brand}.');
    const publishAt = '2099-01-01T09:00:00.000Z';
    expect((await releases('schedule', 'rEvent', publishAt)).code).toBe(0);
    const early = await releases('end', 'rEvent', '2099-01-01T08:00:00Z');
    expect(early).toMatchObject({ code: 2, err: expect.stringContaining('is not after release') });

    const now = api.store.get(FOOTER)!;
    const ended = await releases('end', 'rEvent', '2099-01-02T09:00:00Z');
    expect(ended.code, ended.err).toBe(0);
    const name = /Release (r\S+) ends rEvent/.exec(ended.out)![1]!;
    expect(content(api.store.get(`versions.${name}.${FOOTER}`)!)).toBe(content(now));
    expect(api.store.get(releaseDocumentId(name))).toMatchObject({
      state: 'scheduled',
      publishAt: '2099-01-02T09:00:00.000Z',
    });
    const twice = await releases('end', 'rEvent', '2099-01-03T09:00:00Z');
    expect(twice).toMatchObject({ code: 2, err: expect.stringContaining(`release ${name}`) });
  });

  it('refuses an end in the past, of an archived or unknown release, in one line', async () => {
    await releaseWith(client, 'rGone', 'Gone © {year} {brand}.');
    await client.post(ACTIONS, {
      actions: [{ actionType: 'sanity.action.release.archive', releaseId: 'rGone' }],
    });
    const refusals = [
      [await releases('end', 'rSummer', '2020-01-01T00:00:00Z'), 'in the past'],
      [await releases('end', 'rSummer', 'next week'), 'not an ISO date'],
      [await releases('end', 'rGone', '2099-01-01T00:00:00Z'), 'archived'],
      [await releases('end', 'rNope', '2099-01-01T00:00:00Z'), 'no release "rNope"'],
    ] as const;
    for (const [answer, reason] of refusals) {
      expect(answer).toMatchObject({ code: 2, err: expect.stringContaining(reason) });
      expect(answer.err.split('\n')).toHaveLength(1);
    }
  });

  it('answers an unknown release, a bad time and a refused action with one line', async () => {
    const unknown = await releases('publish', 'rNope');
    expect(unknown).toMatchObject({ code: 2, err: expect.stringContaining('no release "rNope"') });
    const badTime = await releases('schedule', 'rSummer', 'tomorrow');
    expect(badTime).toMatchObject({ code: 2, err: expect.stringContaining('not an ISO date') });
    const twice = await releases('publish', 'rSpring');
    expect(twice.code).toBe(1);
    expect(twice.err.split('\n')).toHaveLength(1);
    expect((await releases('frobnicate')).code).toBe(2);
  });

  it('with SANITY_* settings, speaks to that project through the client', async () => {
    // A Sanity project at the wire: the local API speaks the same protocol, on its own host.
    trustLocalApi(api.certificate);
    const sanity = {
      SANITY_PROJECT_ID: api.projectId,
      SANITY_DATASET: api.dataset,
      SANITY_API_TOKEN: api.token,
      SANITY_API_HOST: api.url,
    };
    const saved = env;
    env = { ...sanity };
    try {
      const listed = await releases('list');
      expect(listed.code, listed.err).toBe(0);
      expect(listed.out).toMatch(/rSummer\s+rSummer\s+active/);
      expect((await releases('show', 'rSummer')).out).toContain(
        "Site's release check: not asked (SITE_REVALIDATE_URL is not set)",
      );
    } finally {
      env = saved;
    }
  });
});

it('starts a local API for the command when none runs', async () => {
  const listed = await releases('list');
  expect(listed.code, listed.err).toBe(0);
  expect(listed.out).toContain('rSummer');
});
