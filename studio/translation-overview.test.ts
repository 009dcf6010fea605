/** The translation overview's rows: the export's coverage figures, sorted by what is missing. */
import { readFile, rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { publishStore } from '@/content/published';
import { LocalStore } from '@/content/local-store';
import { temporaryDataset } from '@/testing/studio';
import { studioPath, totals, translationRows } from './translation-overview';

describe('translation overview', () => {
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
      expect(row).toMatchObject({
        missing: 1,
        outdated: 3,
        languages: {
          de: { missing: 0, outdated: 2, firstOutdated: 'items[2].question.de' },
          tr: { missing: 1, outdated: 1, firstOutdated: 'items[2].question.tr' },
        },
      });
      expect(totals(translationRows(documents)).tr).toMatchObject({ missing: 1, outdated: 1 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('counts like the export, puts the most missing first and links the first missing text', async () => {
    const { dir, storeFile } = await temporaryDataset();
    try {
      const documents = (await readFile(storeFile, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { _id: string; _type: string });
      const error = documents.find((doc) => doc._id === 'dictionary-error') as unknown as {
        redirect: { message: Record<'one' | 'other', { de?: string }> };
        title: { tr?: string };
      };
      delete error.redirect.message.one.de;
      delete error.redirect.message.other.de;
      delete error.title.tr;
      const drafted = [...documents, { ...error, _id: 'drafts.dictionary-error' }];

      const rows = translationRows(drafted);
      const [first] = rows;
      expect(first).toMatchObject({
        namespace: 'error',
        hasDraft: true,
        missing: 3,
        languages: {
          de: { missing: 2, firstMissing: 'redirect.message.one.de' },
          tr: { missing: 1, firstMissing: 'title.tr' },
        },
      });
      expect(rows.slice(1).every((row) => row.missing === 0 && !row.hasDraft)).toBe(true);

      // The same figures export-locales writes to coverage.json.
      const store = new LocalStore(storeFile);
      await store.commit(documents);
      const exported = await publishStore(store, { strict: false });
      for (const published of exported.namespaces) {
        const row = rows.find((r) => r.namespace === published.namespace)!;
        expect(row.languages.de.missing).toBe(published.coverage.de.missing);
        expect(row.languages.tr.missing).toBe(published.coverage.tr.missing);
        expect(row.languages.de.texts).toBe(published.coverage.de.texts);
      }
      expect(totals(rows).de).toEqual({
        texts: exported.namespaces.reduce((sum, n) => sum + n.coverage.de.texts, 0),
        missing: 2,
        outdated: 0,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
