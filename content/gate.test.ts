import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentError } from '@/schemas/problems';
import { freePort } from '@/testing/processes';
import { ContentGate } from './gate';
import { importLocales } from './import-locales';
import { LocalStore } from './local-store';
import { Snapshot } from './snapshot';
import type { ContentStore } from './store';
import { SanityStore } from './sanity-store';
import { makeTempProject, type TempProject } from './testing/temp-project';

let project: TempProject;
let store: LocalStore;
let snapshot: Snapshot;
let logged: string[];

beforeEach(async () => {
  project = await makeTempProject();
  store = new LocalStore(project.storeFile);
  await importLocales(store, { from: project.locales, dryRun: false });
  snapshot = new Snapshot(path.join(project.dir, 'snapshot'));
  logged = [];
});
afterEach(() => project.cleanup());

const gateOn = (contentStore: ContentStore, failOnProblems = false) =>
  new ContentGate({
    store: contentStore,
    snapshot,
    failOnProblems,
    log: (line) => logged.push(line),
  });

// Stored documents are untyped JSON; the edits below reach into known fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function editStored(id: string, change: (doc: Record<string, any>) => void) {
  const docs = await store.readAll();
  const doc = docs.find((candidate) => candidate._id === id)!;
  change(doc);
  await store.commit([doc]);
}

describe('the content gate', () => {
  it('serves a version that passes and records it as the last good one', async () => {
    await editStored('dictionary-hero', (doc) => (doc.title.main.de = 'Neu'));
    const result = await gateOn(store).read('hero');
    expect(result.state).toBe('live');
    expect(result.languages.de.title.main).toBe('Neu');
    expect((await snapshot.read('hero'))?.languages.de.title.main).toBe('Neu');
    expect(logged).toEqual([]);
  });

  it('hands on the stored document that passed and the last good one it replaces (versions keep both)', async () => {
    const gate = gateOn(store);
    const before = (await store.fetchDictionaries(['hero']))[0];
    await gate.read('hero');
    await editStored('dictionary-hero', (doc) => (doc.title.main.de = 'Neu'));
    const result = await gate.refresh('hero');
    expect(result.document).toEqual((await store.fetchDictionaries(['hero']))[0]);
    expect(result.replaced?.document).toEqual(before);
    expect((await snapshot.read('hero'))?.document).toEqual(result.document);
  });

  it('warns in the coverage about a word the published glossary avoids, and reads the glossary anew', async () => {
    await editStored('dictionary-hero', (doc) => (doc.title.main.de = 'Unsere Pressemappe'));
    const gate = gateOn(store);
    const glossaryNotes = async (read: Promise<{ state: string; coverage?: object }>) => {
      const result = await read;
      expect(result.state).toBe('live');
      const { de } = result.coverage as { de: { checks: { path: string; check: string }[] } };
      return de.checks.filter((note) => note.check === 'glossary').map((note) => note.path);
    };
    expect(await glossaryNotes(gate.read('hero'))).toEqual(['title.main']);
    await editStored('dictionary-glossary', (doc) => {
      for (const entry of doc.terms) if (entry.term.en === 'press kit') entry.avoid.de = '';
    });
    expect(await glossaryNotes(gate.refresh('hero'))).toEqual([]);
  });

  it('holds back a version that fails, serves the last good one and logs one line naming the problem', async () => {
    const gate = gateOn(store);
    const good = await gate.read('footer');
    await editStored('dictionary-footer', (doc) => (doc.copyrightTemplate.de = '© {brand}'));
    const first = await gate.refresh('footer');
    const second = await gate.refresh('footer');
    expect(first.state).toBe('held-back');
    expect(first.languages).toEqual(good.languages);
    expect(second.languages).toEqual(good.languages);
    expect(first.problems.map((p) => `${p.file} → ${p.path}: ${p.message}`)).toEqual([
      'dictionary-footer (de) → copyrightTemplate: placeholders differ from English: lacks {year}',
    ]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(
      /held back dictionary-footer .*dictionary-footer \(de\) → copyrightTemplate: placeholders differ from English: lacks \{year\}/,
    );
    expect((await snapshot.read('footer'))?.heldBack?.problems).toEqual(first.problems);

    await editStored(
      'dictionary-footer',
      (doc) => (doc.copyrightTemplate.de = '© {year} {brand}!'),
    );
    const fixed = await gate.refresh('footer');
    expect(fixed.state).toBe('live');
    expect(fixed.languages.de.copyrightTemplate).toBe('© {year} {brand}!');
    expect((await snapshot.read('footer'))?.heldBack).toBeNull();
    expect(logged[1]).toMatch(/dictionary-footer passes again/);
  });

  it('keeps the held-back record across a new gate (a restarted server)', async () => {
    await gateOn(store).read('hero');
    await editStored('dictionary-hero', (doc) => (doc.ctas.primary.url.de = 'javascript:alert(1)'));
    await gateOn(store).read('hero');
    const restarted = await gateOn(store).read('hero');
    expect(restarted.state).toBe('held-back');
    expect(restarted.languages.de.ctas?.primary?.url).not.toContain('javascript:');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('dictionary-hero (de) → ctas.primary.url:');
  });

  it('in a build, fails on copy that does not pass instead of falling back', async () => {
    await gateOn(store).read('footer');
    await editStored('dictionary-footer', (doc) => (doc.copyrightTemplate.de = '© {brand}'));
    const error = await gateOn(store, true)
      .read('footer')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).message).toContain(
      'dictionary-footer (de) → copyrightTemplate: placeholders differ from English: lacks {year}',
    );
  });

  it('with no earlier good version, fails naming the problem and the missing snapshot', async () => {
    await editStored('dictionary-footer', (doc) => (doc.copyrightTemplate.de = '© {brand}'));
    const error = await gateOn(store)
      .read('footer')
      .catch((e: unknown) => e);
    expect((error as ContentError).message).toMatch(/lacks \{year\}[\s\S]*no earlier good version/);
  });

  it('serves the last good version while the store cannot be read', async () => {
    await gateOn(store).read('faq');
    // The real Sanity backend, pointed at a loopback port nothing listens on.
    const broken = new SanityStore({
      kind: 'sanity',
      projectId: 'unreachable',
      dataset: 'production',
      token: undefined,
      apiHost: `http://127.0.0.1:${await freePort()}`,
    });
    const result = await gateOn(broken).read('faq');
    expect(result.state).toBe('unreachable');
    expect(result.languages.en.title).toBeTruthy();
    expect(logged[0]).toMatch(/dictionary-faq: content store unreachable: .*ECONNREFUSED/);
  });

  it('coalesces a flood: one read under way plus one follow-up, shared by every caller', async () => {
    const gate = gateOn(store);
    const results = await Promise.all(Array.from({ length: 20 }, () => gate.refresh('faq')));
    expect(new Set(results.map((r) => r.state))).toEqual(new Set(['live']));
    expect(gate.reads().faq?.reads).toBe(2);
    await Promise.all(Array.from({ length: 10 }, () => gate.read('faq')));
    expect(gate.reads().faq?.reads).toBe(3);
  });
});
