/**
 * Altered copy for the hostile build, written into its own content store: markup and
 * script-breaking strings in texts and JSON-LD (all valid for the schema, so the gate
 * lets them through and the build accepts them), and a German cookie banner text left as
 * its key (untranslated), which must keep the banner away.
 */
import { copyEmbeddedStore, editStored } from './content-store';
import { HOSTILE_STORE } from './variants';

export const HOSTILE = {
  title: '<script>window.__pwned = "title"</script>Hostile hero',
  subtitle: '<img src=x onerror="window.__pwned = \'img\'"> javascript:alert(1)',
  structuredName: '</script><script>window.__pwned = "jsonld"</script>',
};

export async function writeHostileStore(): Promise<void> {
  copyEmbeddedStore(HOSTILE_STORE);
  await editStored(HOSTILE_STORE, 'dictionary-hero', (doc) => {
    doc.title.main.en = HOSTILE.title;
    doc.subtitle.en = HOSTILE.subtitle;
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
}
