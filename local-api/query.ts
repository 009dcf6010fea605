/**
 * GROQ over the served documents with groq-js, through Sanity's perspectives:
 * `raw` (everything, drafts included), `published` (no drafts) and `drafts` (each
 * document as its draft where one exists, else as published).
 */
import { evaluate, GroqSyntaxError, parse } from 'groq-js';
import { inPerspective, type ReadPerspective } from '../content/perspective';
import type { ApiDocument } from './transactions';
import { ApiError } from './http';

export type Perspective = 'raw' | ReadPerspective;

/**
 * The perspective a request asks for. Without one, API versions from 2025-02-19 on read
 * published documents and older versions read everything, as Sanity's API does. A stack
 * of release names (what the Studio sends, often ending in `drafts`) reads each document from
 * the first layer that has it (content/perspective.ts).
 */
export function perspectiveOf(value: string | null, apiVersion: string): Perspective {
  if (!value) return apiVersion === 'X' || apiVersion >= '2025-02-19' ? 'published' : 'raw';
  const names = value.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new ApiError(400, `unknown perspective "${value}"`);
  }
  if (names.length === 1 && names[0] === 'raw') return 'raw';
  if (names.length === 1 && names[0] === 'published') return 'published';
  if (names.length === 1 && ['drafts', 'previewDrafts'].includes(names[0]!)) return 'drafts';
  // A stack of release names, highest priority first, over drafts when it names them.
  return names
    .filter((name) => name !== 'published')
    .map((name) => (name === 'previewDrafts' ? 'drafts' : name));
}

export function documentsIn(documents: ApiDocument[], perspective: Perspective): object[] {
  return perspective === 'raw' ? documents : inPerspective(documents, perspective);
}

/**
 * groq-js has no search engine, so `text::query()` (the Studio's search) becomes a plain
 * `match` against every text of the document: each document gets its texts as a hidden
 * list, and `[@, _id] match text::query($q)` becomes `__searchText match $q`.
 */
function prepareSearch(query: string, documents: object[]): { query: string; dataset: object[] } {
  if (!query.includes('text::query(')) return { query, dataset: documents };
  const rewritten = query
    .replaceAll('[@, _id] match', '__searchText match')
    .replace(/text::query\((\$[A-Za-z_][A-Za-z0-9_]*)\)/g, '$1');
  return {
    query: rewritten,
    dataset: documents.map((doc) => ({ ...doc, __searchText: textsOf(doc) })),
  };
}

function textsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => textsOf(item, out));
  else if (typeof value === 'object' && value !== null)
    Object.values(value).forEach((item) => textsOf(item, out));
  return out;
}

export async function runQuery(
  query: string,
  params: Record<string, unknown>,
  documents: object[],
): Promise<unknown> {
  const prepared = prepareSearch(query, documents);
  let tree;
  try {
    tree = parse(prepared.query, { params });
  } catch (error) {
    if (error instanceof GroqSyntaxError)
      throw new ApiError(400, error.message, 'queryParseError', {
        query,
        start: error.position,
        end: error.position + 1,
      });
    throw new ApiError(400, `the query cannot be parsed: ${(error as Error).message}`);
  }
  try {
    const result = await evaluate(tree, { dataset: prepared.dataset, params });
    return await result.get();
  } catch (error) {
    throw new ApiError(400, `the query failed: ${(error as Error).message}`, 'queryError');
  }
}

/** `$name=<json>` search parameters, as the Sanity client encodes query parameters. */
export function paramsFromSearch(search: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of search) {
    if (!key.startsWith('$')) continue;
    try {
      params[key.slice(1)] = JSON.parse(value) as unknown;
    } catch {
      throw new ApiError(400, `query parameter ${key} is not valid JSON`);
    }
  }
  return params;
}
