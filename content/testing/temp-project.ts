/** A temporary copy of the bundled locales and a store file, for pipeline tests. */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TempProject {
  readonly dir: string;
  readonly locales: string;
  readonly storeFile: string;
  readonly out: string;
  /** Reads, changes and writes back one locale JSON file. */
  edit(
    lang: string,
    namespace: string,
    change: (json: Record<string, unknown>) => void,
  ): Promise<void>;
  cleanup(): Promise<void>;
}

export async function makeTempProject(): Promise<TempProject> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rg-content-'));
  const locales = path.join(dir, 'locales');
  await cp('locales', locales, { recursive: true });
  return {
    dir,
    locales,
    storeFile: path.join(dir, '.content', 'production.ndjson'),
    out: path.join(dir, 'public', 'locales'),
    async edit(lang, namespace, change) {
      const file = path.join(locales, lang, `${namespace}.json`);
      const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      change(json);
      await writeFile(file, JSON.stringify(json, null, 2));
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
