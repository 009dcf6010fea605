/**
 * No folder of web/ imports one that imports it back, so a shared folder (ui, site, i18n)
 * never depends on a feature folder. (Longer loops remain by design: the content gate in
 * publish/ renders what it lets through with render/, which renders the features, which
 * read their texts through publish/.) Tests are left out: they may reach across.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname);
const IMPORT = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

/** The web/ folder a source file imports from, for each import naming another folder. */
function folderImports(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const entry of readdirSync(WEB, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name))
      continue;
    const file = path.join(entry.parentPath, entry.name);
    const [folder, ...rest] = path.relative(WEB, file).split(path.sep);
    if (!folder || rest.length === 0 || rest.includes('testing')) continue;
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = spec!.startsWith('@/web/')
        ? spec!.split('/')[2]
        : spec!.startsWith('.')
          ? path.relative(WEB, path.resolve(path.dirname(file), spec!)).split(path.sep)[0]
          : undefined;
      if (!target || target === folder || target.startsWith('..') || !target) continue;
      const edges = graph.get(folder) ?? new Map<string, string>();
      if (!edges.has(target)) edges.set(target, `${path.relative(WEB, file)} imports ${spec}`);
      graph.set(folder, edges);
    }
  }
  return graph;
}

/** Each pair of folders that import each other, with one import each way. */
function mutualImports(graph: Map<string, Map<string, string>>): string[][] {
  return [...graph].flatMap(([folder, edges]) =>
    [...edges]
      .filter(([target]) => folder < target && graph.get(target)?.has(folder))
      .map(([target, reason]) => [reason, graph.get(target)!.get(folder)!]),
  );
}

describe('the folders of web/', () => {
  it('import each other in one direction only', () => {
    const graph = folderImports();
    // The graph is read from the real sources: a reader that found nothing would pass anything.
    expect(graph.get('render')?.has('chrome')).toBe(true);
    expect(mutualImports(graph)).toEqual([]);
  });
});
