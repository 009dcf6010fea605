/**
 * Altered copy for the hostile build, written into its own content store: markup and
 * script-breaking strings in texts and JSON-LD (all valid for the schema, so the gate
 * lets them through and the build accepts them), and a German cookie banner text left as
 * its key (untranslated), which must keep the banner away; and Turkish texts left out, which
 * the Turkish pages show in English (`FALLBACKS`).
 */
import { copyEmbeddedStore, editStored, type StoredDocument } from './content-store';
import { HOSTILE_STORE } from './variants';

export const HOSTILE = {
  title: '<script>window.__pwned = "title"</script>Hostile hero',
  subtitle: '<img src=x onerror="window.__pwned = \'img\'"> javascript:alert(1)',
  structuredName: '</script><script>window.__pwned = "jsonld"</script>',
};

/** Texts left out in Turkish: /tr/about shows them in English, each marked `lang="en"`. */
export const FALLBACKS = {
  page: '/tr/about',
  /** A page title, and a header link (a list item of another dictionary). */
  texts: ['Two cities, one studio', 'About'],
};

export async function writeHostileStore(): Promise<void> {
  copyEmbeddedStore(HOSTILE_STORE);
  await editStored(HOSTILE_STORE, 'dictionary-hero', (doc) => {
    doc.title.main.en = HOSTILE.title;
    doc.subtitle.en = HOSTILE.subtitle;
    // The English names no fact now; its translations state the number as written, as
    // translations must use English's placeholders.
    for (const language of ['de', 'tr'])
      doc.subtitle[language] = doc.subtitle[language].replace('{teamSize}', '24');
  });
  await editStored(HOSTILE_STORE, 'dictionary-home', (doc) => {
    doc.meta.structuredData.en = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'VideoGame',
      name: HOSTILE.structuredName,
    });
  });
  await editStored(HOSTILE_STORE, 'dictionary-common', (doc) => {
    doc.cookieBanner.decline.de = 'decline';
  });
  await editStored(HOSTILE_STORE, 'dictionary-about', (doc) => {
    delete doc.hero.title.tr;
  });
  await editStored(HOSTILE_STORE, 'dictionary-layout', (doc) => {
    delete doc.header.links.find((link: StoredDocument) => link.url.en === '/about').name.tr;
  });
}
