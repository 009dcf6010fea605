/** The translation queue: the export's coverage figures, drafts counted, gaps stepped in desk order. */
import { readFile, rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { publishStore } from '@/content/published';
import { LocalStore } from '@/content/local-store';
import { temporaryDataset } from '@/testing/studio-servers';
import {
  positionOf,
  stepQueue,
  studioPath,
  totals,
  translationQueue,
  translationRows,
} from './translation-overview';

type Stored = { _id: string; _type: string } & Record<string, unknown>;

async function bundledDocuments(): Promise<Stored[]> {
  const { dir, storeFile } = await temporaryDataset();
  try {
    return (await readFile(storeFile, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Stored);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const byId = (documents: Stored[], id: string) => documents.find((doc) => doc._id === id)!;

describe('translation queue', () => {
  it('maps a published key path to the Studio field of the missing language', () => {
    expect(studioPath('hero.title', 'de')).toBe('hero.title.de');
    expect(studioPath('sections[1].subsections[0].heading', 'tr')).toBe(
      'sections[1].subsections[0].heading.tr',
    );
    // A plural form is a field of the plural in the Studio.
    expect(studioPath('redirect.message_one', 'de')).toBe('redirect.message.one.de');
  });

  it('counts outdated translations and links the first, with the texts missing', async () => {
    const { dir, storeFile } = await temporaryDataset();
    try {
      const documents = (await readFile(storeFile, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { _id: string; _type: string });
      const faq = documents.find((doc) => doc._id === 'dictionary-faq') as unknown as {
        items: { question: { en: string; tr?: string } }[];
      };
      faq.items[2]!.question.en = 'What does RG ask in return?';
      faq.items[3]!.question.en = 'Which platforms do you publish on?';
      delete faq.items[3]!.question.tr;
      const row = translationRows(documents).find((r) => r.namespace === 'faq')!;
      expect(row.languages).toMatchObject({
        de: { gaps: { missing: 0, outdated: 2 } },
        tr: { gaps: { missing: 1, outdated: 1 } },
      });
      // In form order, German before Turkish within a text.
      expect(row.gaps.map((gap) => `${gap.kind} ${gap.path}`)).toEqual([
        'outdated items[2].question.de',
        'outdated items[2].question.tr',
        'outdated items[3].question.de',
        'missing items[3].question.tr',
      ]);
      expect(totals(translationRows(documents)).tr.gaps).toEqual({
        missing: 1,
        outdated: 1,
        check: 0,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('counts like the export, puts the most missing first and lists each gap with its kind', async () => {
    const { dir, storeFile } = await temporaryDataset();
    try {
      const documents = (await readFile(storeFile, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Stored);
      const error = byId(documents, 'dictionary-error') as unknown as {
        redirect: { message: Record<'one' | 'other', { de?: string }> };
        title: { tr?: string };
      };
      delete error.redirect.message.one.de;
      delete error.redirect.message.other.de;
      delete error.title.tr;

      const rows = translationRows(documents);
      const [first] = rows;
      expect(first).toMatchObject({
        namespace: 'error',
        hasDraft: false,
        languages: {
          de: { gaps: { missing: 2 }, filledInDraft: 0 },
          tr: { gaps: { missing: 1 }, filledInDraft: 0 },
        },
      });
      // In form order: the title comes before the redirect message.
      expect(first!.gaps.map((gap) => [gap.kind, gap.path])).toEqual([
        ['missing', 'title.tr'],
        ['missing', 'redirect.message.one.de'],
        ['missing', 'redirect.message.other.de'],
      ]);
      expect(rows.slice(1).every((row) => row.gaps.length === 0)).toBe(true);

      // The same figures export-locales writes to coverage.json.
      const store = new LocalStore(storeFile);
      await store.commit(documents);
      const exported = await publishStore(store, { strict: false });
      for (const published of exported.namespaces) {
        const row = rows.find((r) => r.namespace === published.namespace)!;
        expect(row.languages.de.gaps.missing).toBe(published.coverage.de.missing);
        expect(row.languages.tr.gaps.missing).toBe(published.coverage.tr.missing);
        expect(row.languages.de.texts).toBe(published.coverage.de.texts);
      }
      expect(totals(rows).de).toEqual({
        texts: exported.namespaces.reduce((sum, n) => sum + n.coverage.de.texts, 0),
        gaps: { missing: 2, outdated: 0, check: 0 },
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('lists check problems of the draft as a third kind of gap, blocking or a warning', async () => {
    const documents = await bundledDocuments();
    const faq = structuredClone(byId(documents, 'dictionary-faq')) as unknown as Stored & {
      items: { question: { de: string; tr: string } }[];
    };
    faq._id = 'drafts.dictionary-faq';
    faq.items[0]!.question.de = `${'Wo kann ich eure Spiele spielen, '.repeat(8)}?`;
    faq.items[1]!.question.tr = faq.items[1]!.question.tr.replace('?', ' 30?');
    const row = translationRows([...documents, faq]).find((r) => r.namespace === 'faq')!;
    const checks = row.gaps.filter((gap) => gap.kind === 'check');
    expect(checks.map((gap) => [gap.path, gap.severity])).toContainEqual([
      'items[0].question.de',
      'block',
    ]);
    expect(checks.map((gap) => [gap.path, gap.severity])).toContainEqual([
      'items[1].question.tr',
      'warn',
    ]);
    expect(checks.every((gap) => gap.language !== ('en' as string))).toBe(true);
    expect(row.languages.tr.gaps.check).toBe(1);
    // The bundled copy has none (its accepted warnings aside).
    const bundled = translationRows(documents);
    expect(totals(bundled).de.gaps.check + totals(bundled).tr.gaps.check).toBe(0);
  });

  it('counts a gap filled in a draft as filled, and says it waits for Publish', async () => {
    const documents = await bundledDocuments();
    const published = byId(documents, 'dictionary-hero') as unknown as {
      eyebrow: { de?: string; tr?: string };
      subtitle: { tr?: string };
    };
    const draft = structuredClone(published) as typeof published & { _id: string };
    draft._id = 'drafts.dictionary-hero';
    delete published.eyebrow.de;
    delete published.eyebrow.tr;
    delete published.subtitle.tr;
    // The draft fills the German eyebrow, leaves the Turkish one, and empties nothing else.
    delete draft.eyebrow.tr;

    const withoutDraft = translationRows(documents).find((row) => row.namespace === 'hero')!;
    expect(withoutDraft.languages.de.gaps.missing).toBe(1);
    expect(withoutDraft.languages.tr.gaps.missing).toBe(2);

    const hero = translationRows([...documents, draft as unknown as Stored]).find(
      (row) => row.namespace === 'hero',
    )!;
    expect(hero.hasDraft).toBe(true);
    expect(hero.languages.de).toMatchObject({ gaps: { missing: 0 }, filledInDraft: 1 });
    expect(hero.languages.tr).toMatchObject({ gaps: { missing: 1 }, filledInDraft: 1 });
    expect(hero.gaps.map((gap) => gap.path)).toEqual(['eyebrow.tr']);
  });

  it('steps through the gaps of every dictionary in desk order, both ways, wrapping around', async () => {
    const documents = await bundledDocuments();
    const remove = (id: string, path: string[]) => {
      let node = byId(documents, id) as Record<string, unknown>;
      for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
      delete node[path.at(-1)!];
    };
    // The footer is in the first desk group, the hero in the second, the privacy policy later.
    remove('dictionary-privacyPolicy', ['title', 'tr']);
    remove('dictionary-hero', ['subtitle', 'de']);
    remove('dictionary-hero', ['eyebrow', 'tr']);
    remove('dictionary-footer', ['copyrightTemplate', 'tr']);
    const rows = translationRows(documents);
    const queue = translationQueue(rows);
    expect(queue.map((gap) => `${gap.namespace}:${gap.path}`)).toEqual([
      'footer:copyrightTemplate.tr',
      'hero:eyebrow.tr',
      'hero:subtitle.de',
      'privacyPolicy:title.tr',
    ]);
    expect(translationQueue(rows, 'de').map((gap) => gap.path)).toEqual(['subtitle.de']);

    const at = (namespace: string, path: string, language: 'de' | 'tr' | null) =>
      positionOf(
        rows.find((row) => row.namespace === namespace)!,
        path,
        language,
      );
    const step = (from: ReturnType<typeof at> | null, direction: 1 | -1) => {
      const gap = stepQueue(queue, from, direction);
      return gap && `${gap.namespace}:${gap.path}`;
    };
    expect(step(null, 1)).toBe('footer:copyrightTemplate.tr');
    expect(step(null, -1)).toBe('privacyPolicy:title.tr');
    // From a gap, to the next one, in the same dictionary or the next with a gap.
    expect(step(at('hero', 'eyebrow.tr', 'tr'), 1)).toBe('hero:subtitle.de');
    expect(step(at('hero', 'subtitle.de', 'de'), 1)).toBe('privacyPolicy:title.tr');
    expect(step(at('hero', 'subtitle.de', 'de'), -1)).toBe('hero:eyebrow.tr');
    expect(step(at('hero', 'eyebrow.tr', 'tr'), -1)).toBe('footer:copyrightTemplate.tr');
    // From a field that is no gap: the English eyebrow comes before its Turkish.
    expect(step(at('hero', 'eyebrow.en', null), 1)).toBe('hero:eyebrow.tr');
    // Past the last gap, back to the first.
    expect(step(at('privacyPolicy', 'title.tr', 'tr'), 1)).toBe('footer:copyrightTemplate.tr');
  });
});
