/**
 * The dataset file the API serves: Sanity's NDJSON export format, one document per line,
 * the file import-locales and export-locales use. Every line is checked before the API
 * serves anything from it; a bad line stops it with the file, line number and problem.
 */
import { readFile, stat } from 'node:fs/promises';

export interface StoredDocument {
  _id: string;
  _type: string;
  [field: string]: unknown;
}

export interface DatasetEntry {
  readonly document: StoredDocument;
  /** The line exactly as read, so documents nobody changed are written back byte for byte. */
  readonly line: string;
}

export class DatasetFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatasetFileError';
  }
}

export function parseDataset(text: string, file: string): Map<string, DatasetEntry> {
  const entries = new Map<string, DatasetEntry & { lineNumber: number }>();
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    const at = `${file}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new DatasetFileError(`${at}: not a JSON document (${(error as Error).message})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new DatasetFileError(`${at}: not a JSON object`);
    const doc = value as Record<string, unknown>;
    if (typeof doc._id !== 'string' || doc._id === '')
      throw new DatasetFileError(`${at}: the document has no _id`);
    if (typeof doc._type !== 'string' || doc._type === '')
      throw new DatasetFileError(`${at}: document "${doc._id}" has no _type`);
    const earlier = entries.get(doc._id);
    if (earlier)
      throw new DatasetFileError(
        `${at}: document "${doc._id}" appears twice (first on line ${earlier.lineNumber})`,
      );
    entries.set(doc._id, { document: doc as StoredDocument, line, lineNumber: index + 1 });
  });
  return entries;
}

export function serializeDataset(lines: Iterable<[id: string, line: string]>): string {
  const sorted = [...lines].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
  return sorted.length ? `${sorted.join('\n')}\n` : '';
}

/** Identity of the file's current content, to notice when another writer replaced it. */
export async function fileStamp(file: string): Promise<string> {
  try {
    const info = await stat(file, { bigint: true });
    return `${info.ino}:${info.size}:${info.mtimeNs}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
}

/** Reads and checks the file; a missing file is an empty dataset. */
export async function readDataset(
  file: string,
): Promise<{ entries: Map<string, DatasetEntry>; modified: Date }> {
  let text: string;
  let modified: Date;
  try {
    [text, modified] = await Promise.all([
      readFile(file, 'utf8'),
      stat(file).then((info) => info.mtime),
    ]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { entries: new Map(), modified: new Date() };
    throw error;
  }
  return { entries: parseDataset(text, file), modified };
}
