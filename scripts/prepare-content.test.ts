/** The step before every build: it names drift from locales/ and stops on copy that fails. */
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStore } from '@/content/local-store';
import { makeTempProject, type TempProject } from '@/content/testing/temp-project';

let project: TempProject;
beforeEach(async () => {
  project = await makeTempProject();
});
afterEach(() => project.cleanup());

function prepare() {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/prepare-content.ts'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', CONTENT_STORE_FILE: project.storeFile },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// Stored documents are untyped JSON; the edits below reach into known fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function editStored(id: string, change: (doc: Record<string, any>) => void) {
  const store = new LocalStore(project.storeFile);
  const doc = (await store.readAll()).find((candidate) => candidate._id === id)!;
  change(doc);
  await store.commit([doc]);
}

// Each run starts Node with tsx (a few seconds on a loaded machine).
describe('prepare-content (npm run build, dev, start)', { timeout: 60_000 }, () => {
  it('fills an empty store, then says which namespaces differ from locales/ and how to import them', async () => {
    const first = prepare();
    expect(first.status).toBe(0);
    expect(first.output).toContain(
      'embedded store was empty: imported the bundled copy (25 documents)',
    );
    expect(prepare().output).not.toContain('differs');

    await editStored('dictionary-hero', (doc) => (doc.title.main.de = 'Im Store geändert'));
    await editStored('dictionary-footer', (doc) => delete doc.brand.tagline.tr);
    const drifted = prepare();
    expect(drifted.status).toBe(0);
    expect(drifted.output).toContain(
      'note: locales/ differs from the content store in 2 namespace(s): footer (tr: 1 only in locales/), hero (de: 1 worded differently).',
    );
    expect(drifted.output).toContain('run: npm run import-locales');
  });

  it('adds the dictionaries a store from an earlier version lacks, and leaves the others as they are', async () => {
    expect(prepare().status).toBe(0);
    await editStored('dictionary-hero', (doc) => (doc.title.main.de = 'Vom Redaktionsteam'));
    // A store filled before the glossary and the facts existed.
    const store = new LocalStore(project.storeFile);
    await store.commit([], { remove: ['dictionary-glossary', 'dictionary-facts'] });
    const upgraded = prepare();
    expect(upgraded.status, upgraded.output).toBe(0);
    expect(upgraded.output).toContain(
      'the embedded store lacked 2 dictionaries new in this version: imported them from the bundled copy (glossary, facts); the others were left as they are.',
    );
    const stored = new Map((await store.readAll()).map((doc) => [doc._id, doc]));
    expect(stored.has('dictionary-glossary') && stored.has('dictionary-facts')).toBe(true);
    expect(
      (stored.get('dictionary-hero') as unknown as { title: { main: { de: string } } }).title.main
        .de,
    ).toBe('Vom Redaktionsteam');
    expect(prepare().output).not.toContain('lacked');
  });

  it('stops the build on copy that fails, naming document, key path and problem', async () => {
    expect(prepare().status).toBe(0);
    await editStored('dictionary-footer', (doc) => (doc.copyrightTemplate.de = '© {brand}'));
    const failed = prepare();
    expect(failed.status).toBe(1);
    expect(failed.output).toContain(
      'dictionary-footer (de) → copyrightTemplate: placeholders differ from English: lacks {year}',
    );
  });
});
