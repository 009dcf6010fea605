/**
 * The embedded store: a dataset file in Sanity's NDJSON export format (one document per
 * line), the same file `sanity dataset import` accepts. Queried with groq-js, written
 * atomically (a temporary file beside it, then a rename), and guarded by the store lock
 * that the local API takes too.
 */
import { evaluate, parse } from 'groq-js';
import type { Namespace } from '@/schemas';
import { readTextIfPresent, writeFileAtomically } from './atomic-file';
import { inPerspective, type ReadPerspective } from './perspective';
import { DICTIONARIES_QUERY, dictionaryQueryParams } from './queries';
import type { ContentStore, DictionaryDocument } from './store';
import { withStoreLock } from './store-lock';

export class LocalStore implements ContentStore {
  readonly kind = 'local';
  readonly description: string;

  constructor(readonly file: string) {
    this.description = `local (${file})`;
  }

  async readAll(): Promise<DictionaryDocument[]> {
    const text = await readTextIfPresent(this.file);
    if (text === undefined) return [];
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line, index) => {
        try {
          return JSON.parse(line) as DictionaryDocument;
        } catch {
          throw new Error(`${this.file}:${index + 1}: not a JSON document line`);
        }
      });
  }

  async fetchDictionaries(
    namespaces?: readonly Namespace[],
    { perspective = 'published' }: { readonly perspective?: ReadPerspective } = {},
  ): Promise<DictionaryDocument[]> {
    const dataset = inPerspective(await this.readAll(), perspective);
    const result = await evaluate(parse(DICTIONARIES_QUERY), {
      dataset,
      params: dictionaryQueryParams(namespaces),
    });
    return (await result.get()) as DictionaryDocument[];
  }

  exclusive<T>(holder: string, body: () => Promise<T>): Promise<T> {
    return withStoreLock(this.file, { holder }, body);
  }

  /** Creates or replaces `documents` and removes the `remove` ids, in one write of the file. */
  async commit(
    documents: readonly DictionaryDocument[],
    { remove = [] }: { readonly remove?: readonly string[] } = {},
  ): Promise<void> {
    const byId = new Map((await this.readAll()).map((doc) => [doc._id, doc]));
    for (const id of remove) byId.delete(id);
    for (const doc of documents) byId.set(doc._id, doc);
    const lines = [...byId.values()]
      .sort((a, b) => a._id.localeCompare(b._id))
      .map((doc) => JSON.stringify(doc));
    await writeFileAtomically(this.file, `${lines.join('\n')}\n`);
  }
}
