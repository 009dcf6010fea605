/**
 * The commands the docs offer on a production install (`npm prune --omit=dev`: docs/deploying.md
 * serves the site, docs/versions.md restores versions in an emergency) run with `dependencies`
 * alone: the runner each npm script names (`node --import tsx`) and every package the code it
 * starts imports, followed through the repository's own files as TypeScript resolves them.
 */
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};
const PRODUCTION_COMMANDS = ['serve', 'versions'];

const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The packages the code from `entry` imports (type-only imports left out: they do not run). */
function packagesImported(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [path.join(ROOT, entry)];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8').replace(/^import type .*$/gm, '');
    for (const { fileName: specifier } of ts.preProcessFile(source, true, true).importedFiles) {
      if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
      const inRepository =
        resolved &&
        !resolved.isExternalLibraryImport &&
        !resolved.resolvedFileName.endsWith('.d.ts');
      if (inRepository) queue.push(resolved.resolvedFileName);
      else packages.add(packageOf(specifier));
    }
  }
  return packages;
}

describe('commands of a production install', () => {
  it.each(PRODUCTION_COMMANDS)('npm run %s needs only dependencies', (command) => {
    const script = manifest.scripts[command]!;
    const [, runner] = /--import (\S+)/.exec(script) ?? [];
    const entry = /(\S+\.ts)\b/.exec(script)?.[1];
    expect(entry, script).toBeDefined();
    const needed = [...(runner ? [runner] : []), ...packagesImported(entry!)];
    expect(needed.filter((name) => !(name in manifest.dependencies))).toEqual([]);
  });
});
