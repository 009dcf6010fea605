/** Scripts read `.env.local` and `.env` the way Next does: the shell first, then `.env.local`. */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-env-'));
  await cp(path.join(root, 'locales'), path.join(dir, 'locales'), { recursive: true });
  await writeFile(path.join(dir, '.env'), 'CONTENT_STORE_FILE=from-env.ndjson\n');
  await writeFile(path.join(dir, '.env.local'), 'CONTENT_STORE_FILE=from-env-local.ndjson\n');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** `npm run import-locales -- --dry-run` in a project folder of its own. */
function importLocales(env: Record<string, string> = {}) {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      path.join(root, 'node_modules/tsx/dist/loader.mjs'),
      path.join(root, 'scripts/import-locales.ts'),
      '--dry-run',
    ],
    {
      cwd: dir,
      // Not NODE_ENV=test (the test runner's): in a test run Next skips .env.local.
      env: {
        NODE_ENV: 'production',
        PATH: process.env.PATH ?? '',
        TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json'),
        ...env,
      },
      encoding: 'utf8',
    },
  );
  return `${result.stdout}${result.stderr}`;
}

describe('settings files of the scripts', { timeout: 60_000 }, () => {
  it('reads .env.local before .env', () => {
    expect(importLocales()).toContain('content store: local (from-env-local.ndjson)');
  });
  it('lets the shell win over both files', () => {
    expect(importLocales({ CONTENT_STORE_FILE: 'from-shell.ndjson' })).toContain(
      'content store: local (from-shell.ndjson)',
    );
  });
});
