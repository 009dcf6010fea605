/**
 * The folders of web/ import each other in one direction only: no loop of any length, so a
 * shared folder (ui, site, i18n) never depends on a feature folder, and the content gate
 * (dictionaries/) is handed its render check from the top instead of importing the pages it
 * checks. The newsletter's worker and tool (newsletter/, beside web/) build on web/, so no web/
 * folder imports them. Tests are left out: they may reach across.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname);
const IMPORT = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;
/** Stands for newsletter/ in the graph: not a folder of web/. */
const WORKER = '/newsletter';
const WORKER_DIR = path.resolve(WEB, '..', 'newsletter');

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
      const resolved = spec!.startsWith('.') ? path.resolve(path.dirname(file), spec!) : '';
      const target = spec!.startsWith('@/web/')
        ? spec!.split('/')[2]
        : spec!.startsWith('@/newsletter/') || resolved.startsWith(WORKER_DIR + path.sep)
          ? WORKER
          : resolved
            ? path.relative(WEB, resolved).split(path.sep)[0]
            : undefined;
      if (!target || target === folder || target.startsWith('..') || !target) continue;
      const edges = graph.get(folder) ?? new Map<string, string>();
      if (!edges.has(target)) edges.set(target, `${path.relative(WEB, file)} imports ${spec}`);
      graph.set(folder, edges);
    }
  }
  return graph;
}

/** One loop of folders, if any: each step with the import that makes it. */
function findLoop(graph: Map<string, Map<string, string>>): string[] {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (folder: string): string[] | undefined => {
    const at = path.indexOf(folder);
    if (at >= 0)
      return [...path.slice(at), folder]
        .slice(0, -1)
        .map((from, i, loop) => graph.get(from)!.get(loop[i + 1] ?? folder)!);
    if (done.has(folder)) return undefined;
    path.push(folder);
    for (const target of graph.get(folder)?.keys() ?? []) {
      const loop = visit(target);
      if (loop) return loop;
    }
    path.pop();
    done.add(folder);
    return undefined;
  };
  for (const folder of graph.keys()) {
    const loop = visit(folder);
    if (loop) return loop;
  }
  return [];
}

describe('the folders of web/', () => {
  it('import each other in one direction only, with no loop of any length', () => {
    const graph = folderImports();
    // The graph is read from the real sources: a reader that found nothing would pass anything.
    expect(graph.get('render')?.has('chrome')).toBe(true);
    expect(findLoop(graph)).toEqual([]);
  });

  it('never import the newsletter worker or its tool (newsletter/)', () => {
    const graph = folderImports();
    expect([...graph.values()].flatMap((edges) => edges.get(WORKER) ?? [])).toEqual([]);
  });

  it('finds a loop of three folders', () => {
    const edge = (to: string) => new Map([[to, `imports ${to}`]]);
    const graph = new Map([
      ['a', edge('b')],
      ['b', edge('c')],
      ['c', edge('a')],
      ['d', edge('a')],
    ]);
    expect(findLoop(graph)).toEqual(['imports b', 'imports c', 'imports a']);
  });
});
