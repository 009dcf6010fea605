/**
 * The Studio with the real Sanity CLI, offline: the schema validates, the Studio builds,
 * and Sanity's own document validator checks the embedded dataset that import-locales
 * writes (the CLI wants a login; a placeholder token is enough, nothing is contacted).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const env = {
  ...process.env,
  SANITY_TELEMETRY_DISABLED: '1',
  SANITY_STUDIO_PROJECT_ID: 'offline0test',
  SANITY_STUDIO_DATASET: 'production',
  SANITY_AUTH_TOKEN: 'offline-placeholder',
  NO_COLOR: '1',
};

function sanity(...args: string[]) {
  return spawnSync('npx', ['sanity', ...args], {
    cwd: 'studio',
    env,
    encoding: 'utf8',
    timeout: 180_000,
  });
}

interface Marker {
  documentId: string;
  level: string;
  path: (string | number | { _key: string })[];
  message: string;
}

/** Runs the validator; it exits 1 when it finds an error, 0 otherwise. */
function validate(file: string, expectedExit: 0 | 1): Marker[] {
  const result = sanity(
    'documents',
    'validate',
    '--file',
    file,
    '--format',
    'ndjson',
    '--level',
    'info',
    '-y',
  );
  expect(result.status, result.stderr).toBe(expectedExit);
  return result.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      const report = JSON.parse(line) as {
        documentId: string;
        markers: Omit<Marker, 'documentId'>[];
      };
      return report.markers.map((m) => ({
        documentId: report.documentId,
        level: m.level,
        path: m.path,
        message: m.message,
      }));
    });
}

describe('Sanity Studio (real CLI, offline)', () => {
  it('validates its schema', () => {
    const result = sanity('schema', 'validate');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Errors:\s+0 errors/);
    expect(result.stdout).toMatch(/Warnings:\s+0 warnings/);
  });

  it('builds', () => {
    // The project's global setup built it with `sanity build` (once, for the browser tests too).
    expect(readFileSync(path.join(inject('studioBuild'), 'index.html'), 'utf8')).toContain(
      '<div id="sanity"',
    );
  });

  describe('documents validate on the embedded dataset', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rg-studio-'));
    const storeFile = path.join(dir, 'production.ndjson');
    execFileSync('npx', ['tsx', 'scripts/import-locales.ts'], {
      env: { ...process.env, CONTENT_STORE_FILE: storeFile },
      stdio: 'pipe',
    });

    it('finds nothing wrong with the bundled copy', () => {
      expect(validate(storeFile, 0)).toEqual([]);
    });

    it('reports each broken rule at its level', () => {
      const docs = readFileSync(storeFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      for (const doc of docs) {
        if (doc._id === 'dictionary-footer') doc.copyrightTemplate.tr = '© {brand}';
        if (doc._id === 'dictionary-hero') delete doc.subtitle.de;
        if (doc._id === 'dictionary-common') doc.cookieBanner.accept.en = '  ';
        if (doc._id === 'dictionary-contact')
          doc.hero.buttons.primary.url.de = 'javascript:alert(1)';
        if (doc._id === 'dictionary-error') {
          doc.redirect.target.en = '/\\evil.example';
          delete doc.redirect.message.one.de;
        }
        if (doc._id === 'dictionary-layout') doc.menu.open.tr = 'Menü { year }';
      }
      const broken = path.join(dir, 'broken.ndjson');
      writeFileSync(broken, docs.map((doc) => JSON.stringify(doc)).join('\n'));
      const markers = validate(broken, 1).map(
        (m) => `${m.level} ${m.documentId} ${m.path.join('.')}: ${m.message}`,
      );
      expect(markers).toEqual(
        expect.arrayContaining([
          'warning dictionary-hero subtitle.de: translation is missing',
          'error dictionary-common cookieBanner.accept.en: required text is missing',
          'error dictionary-contact hero.buttons.primary.url.de: "javascript:alert(1)" is not a site path (/…), an https:// URL or a mailto: address',
          'error dictionary-error redirect.target.en: "/\\\\evil.example" is not a site path (/…) or an https:// URL: it contains a backslash (browsers read it as "/")',
          'error dictionary-error redirect.message.one.de: form for other numbers is given, so this form is needed too',
          'warning dictionary-error redirect.message.one.de: translation is missing',
          'error dictionary-layout menu.open.tr: "{ year }" is not a placeholder the site fills here (it accepts only the facts: {teamSize}, {foundedYear}, {berlinYear})',
        ]),
      );
      // The translation checks (studio/check-validation.ts) are one rule on the document. The
      // Studio shows their blocking markers as errors and disables Publish
      // (studio/browser/editor-experience.test.ts); Sanity's CLI reports a document rule's
      // markers as warnings whatever the rule's level, so only the message is compared here.
      expect(markers).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^(error|warning) dictionary-footer copyrightTemplate\.tr: placeholders differ from English: \{year\}$/,
          ),
          'warning dictionary-footer copyrightTemplate.tr: ends with no punctuation where English ends with "."',
        ]),
      );
      // The English address changed, and its translations are that same old address: a copy of
      // the English, not a translation that fell behind, so no "English changed" warning.
      expect(markers).toHaveLength(9);
    });
  });
});
