/**
 * What a preview encodes into each text, decoded with the very functions Sanity's overlay
 * uses (`@vercel/stega` and `@sanity/visual-editing-csm`): every visible text names its
 * document, type and field (key path plus language); addresses and JSON carry nothing;
 * cleaned, the texts are exactly what the export publishes; keys mode names each text.
 */
import { decodeSanityNodeData } from '@sanity/visual-editing-csm';
import { vercelStegaDecode } from '@vercel/stega';
import { stegaClean } from '@sanity/client/stega';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { checkedDictionaries } from '@/content/published';
import type { DictionaryDocument } from '@/content/store';
import { NAMESPACES, type Namespace } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { isPresentText } from '@/schemas/rules';
import { previewDictionary } from './annotate';

const STUDIO = 'https://rg.sanity.studio';
let dir: string;
let documents: Map<string, DictionaryDocument>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-annotate-'));
  const store = new LocalStore(path.join(dir, 'production.ndjson'));
  await importLocales(store, { from: 'locales', dryRun: false });
  documents = new Map((await store.fetchDictionaries()).map((doc) => [doc._id, doc]));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const stored = (namespace: Namespace) => structuredClone(documents.get(`dictionary-${namespace}`)!);

/** The field a text opens in the Studio, as the overlay decodes it. */
function fieldOf(text: string) {
  const decoded = vercelStegaDecode(text);
  const node = decodeSanityNodeData(decoded as never) as Record<string, string> | undefined;
  return node && { id: node.id, type: node.type, path: node.path, baseUrl: node.baseUrl };
}

// The preview's JSON is untyped here; tests reach into known fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe('click-to-edit info', () => {
  it('names document, type and the language field of each text', () => {
    const hero: Json = previewDictionary('hero', stored('hero'), 'de', {
      studioUrl: STUDIO,
      keys: false,
    });
    expect(fieldOf(hero.title.main)).toEqual({
      id: 'dictionary-hero',
      type: 'heroDictionary',
      path: 'title.main.de',
      baseUrl: STUDIO,
    });
    expect(fieldOf(hero.stats[1].label)?.path).toBe('stats[_key=="item1"].label.de');
    // Addresses are compared and followed: they carry nothing.
    expect(hero.ctas.primary.url).toBe('/publishing');
    const faq: Json = previewDictionary('faq', stored('faq'), 'tr', {
      studioUrl: STUDIO,
      keys: false,
    });
    expect(fieldOf(faq.items[2].question)?.path).toBe('items[_key=="item2"].question.tr');
  });

  it("opens the text's version in the release previewed, else its draft", () => {
    const edit = (release?: string) => {
      const hero: Json = previewDictionary('hero', stored('hero'), 'de', {
        studioUrl: STUDIO,
        keys: false,
        release,
      });
      return decodeSanityNodeData(vercelStegaDecode(hero.title.main) as never);
    };
    // The Studio's edit intent: the document, and the release's perspective to open it in.
    expect(edit('rLaunch')).toMatchObject({ id: 'dictionary-hero', perspective: 'rLaunch' });
    expect(edit()).toMatchObject({ id: 'dictionary-hero', perspective: 'drafts' });
  });

  it('follows an item the Studio keyed itself, and a plural form', () => {
    const faq = stored('faq');
    (faq.items as { _key: string }[])[0]!._key = 'a1b2c3';
    const value: Json = previewDictionary('faq', faq, 'de', { studioUrl: STUDIO, keys: false });
    expect(fieldOf(value.items[0].question)?.path).toBe('items[_key=="a1b2c3"].question.de');
    const error: Json = previewDictionary('error', stored('error'), 'de', {
      studioUrl: STUDIO,
      keys: false,
    });
    expect(fieldOf(error.redirect.message_one)?.path).toBe('redirect.message.one.de');
  });

  it('points a German text that falls back to English at the empty German field', () => {
    const hero = stored('hero');
    (hero.subtitle as { de?: string }).de = '';
    const value: Json = previewDictionary('hero', hero, 'de', { studioUrl: STUDIO, keys: false });
    expect(stegaClean(value.subtitle)).toBe((hero.subtitle as { en: string }).en);
    expect(fieldOf(value.subtitle)?.path).toBe('subtitle.de');
  });

  it('changes nothing once cleaned: every namespace and language equals what the export publishes', () => {
    for (const namespace of NAMESPACES) {
      const published = checkedDictionaries(namespace, stored(namespace), {
        strict: false,
        storeDescription: 'test',
      });
      for (const language of LANGUAGES) {
        const value = previewDictionary(namespace, stored(namespace), language, {
          studioUrl: STUDIO,
          keys: false,
        });
        expect(stegaClean(value), `${namespace} ${language}`).toEqual(
          published.languages[language],
        );
        // Without annotation (page heads) the preview is the published JSON as it is.
        expect(previewDictionary(namespace, stored(namespace), language)).toEqual(
          published.languages[language],
        );
      }
    }
  });

  it('leaves blank texts blank, so presence rules still hide them', () => {
    const hero = stored('hero');
    (hero.subtitle as Record<string, string>) = { _type: 'localeText', en: ' ', de: ' ', tr: ' ' };
    const value: Json = previewDictionary('hero', hero, 'de', { studioUrl: STUDIO, keys: false });
    expect(value.subtitle).toBe(' ');
    expect(isPresentText(value.subtitle)).toBe(false);
  });

  it('keeps JSON texts exactly as written (structured data is parsed)', () => {
    const home: Json = previewDictionary('home', stored('home'), 'en', {
      studioUrl: STUDIO,
      keys: false,
    });
    const raw = (stored('home').meta as { structuredData?: { en?: string } }).structuredData?.en;
    expect(home.meta.structuredData).toBe(raw);
  });
});

describe('keys mode', () => {
  it('shows namespace:key.path for each text, still with its edit info', () => {
    const hero: Json = previewDictionary('hero', stored('hero'), 'de', {
      studioUrl: STUDIO,
      keys: true,
    });
    expect(stegaClean(hero.title.main)).toBe('hero:title.main');
    expect(fieldOf(hero.title.main)?.path).toBe('title.main.de');
    expect(stegaClean(hero.stats[0].value)).toBe('hero:stats[0].value');
    expect(hero.ctas.primary.url).toBe('/publishing');
    const error: Json = previewDictionary('error', stored('error'), 'tr', {
      studioUrl: STUDIO,
      keys: true,
    });
    expect(stegaClean(error.redirect.message_other)).toBe('error:redirect.message_other');
  });
});
