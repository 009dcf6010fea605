/**
 * Altered copy for the hostile build: markup and script-breaking strings in texts and
 * JSON-LD (all valid for the schema, so the build accepts them), and a German cookie
 * banner text left as its key (untranslated), which must keep the banner away.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HOSTILE_LOCALES } from './variants';

export const HOSTILE = {
  title: '<script>window.__pwned = "title"</script>Hostile hero',
  subtitle: '<img src=x onerror="window.__pwned = \'img\'"> javascript:alert(1)',
  structuredName: '</script><script>window.__pwned = "jsonld"</script>',
};

// Published dictionaries are plain JSON; the edits below reach into known fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

function edit(language: string, namespace: string, change: (json: Json) => void) {
  const file = path.join(HOSTILE_LOCALES, language, `${namespace}.json`);
  const json = JSON.parse(readFileSync(file, 'utf8')) as Json;
  change(json);
  writeFileSync(file, JSON.stringify(json));
}

export function writeHostileLocales(): void {
  rmSync(HOSTILE_LOCALES, { recursive: true, force: true });
  // The published folder is a link to its current version: copy the files, not the link.
  cpSync(path.join('public', 'locales'), HOSTILE_LOCALES, { recursive: true, dereference: true });
  edit('en', 'hero', (json) => {
    json.title.main = HOSTILE.title;
    json.subtitle = HOSTILE.subtitle;
  });
  edit('en', 'home', (json) => {
    json.meta.structuredData = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'VideoGame',
      name: HOSTILE.structuredName,
    });
  });
  edit('de', 'common', (json) => {
    json.cookieBanner.decline = 'decline';
  });
}
