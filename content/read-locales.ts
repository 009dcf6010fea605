/**
 * Reads a locales folder (`<lang>/<namespace>.json`), validates every file against
 * `schemas/` and merges the three languages of each namespace into one document.
 * All problems are collected, so one run reports everything that is wrong.
 */
import type { Dirent } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  documentId,
  documentType,
  getDictionary,
  isNamespace,
  NAMESPACES,
  type Namespace,
} from '@/schemas';
import { isLanguage, LANGUAGES, type Language } from '@/schemas/languages';
import { parseDictionaryFile } from '@/schemas/json-file';
import { LIMITS } from '@/schemas/limits';
import { ContentError, type ContentProblem } from '@/schemas/problems';
import { validatorFor, zodProblems } from '@/schemas/validator';
import { mergeLanguages } from '@/schemas/walk';
import type { DictionaryDocument } from './store';

export interface ImportedDictionary {
  readonly namespace: Namespace;
  /** The merged document, ready for the content store. */
  readonly document: DictionaryDocument;
  /** The validated JSON of each language, as read. */
  readonly files: Record<Language, unknown>;
}

async function listDir(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new ContentError([{ file: dir, path: '', message: 'folder does not exist' }]);
    throw cause;
  }
}

/**
 * A file's bytes, refusing to read one larger than the limit (a 200 MB file is reported,
 * not loaded into memory).
 */
async function readLimited(file: string, shown: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size > LIMITS.fileBytes) {
      throw new ContentError([
        {
          file: shown,
          path: '',
          message: `file is too large (${size} bytes; at most ${LIMITS.fileBytes} bytes, ${LIMITS.fileBytes / 1024 / 1024} MiB)`,
        },
      ]);
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** File names in messages are shown relative to the working folder. */
export async function readLocaleFolder(root: string): Promise<ImportedDictionary[]> {
  const shown = (...parts: string[]) =>
    path.relative(process.cwd(), path.join(root, ...parts)) || '.';
  const problems: ContentProblem[] = [];
  const entries = await listDir(root);

  for (const entry of entries) {
    if (entry.isDirectory() && !isLanguage(entry.name)) {
      problems.push({
        file: shown(entry.name),
        path: '',
        message: `unknown language folder (expected ${LANGUAGES.join(', ')})`,
      });
    }
  }
  const present = new Set(entries.filter((e) => e.isDirectory()).map((e) => e.name));
  for (const language of LANGUAGES) {
    if (!present.has(language))
      problems.push({ file: shown(language), path: '', message: 'language folder is missing' });
  }

  const parsed = new Map<Namespace, Partial<Record<Language, unknown>>>();
  for (const language of LANGUAGES) {
    if (!present.has(language)) continue;
    const files = await listDir(path.join(root, language));
    const names = new Set<string>();
    for (const file of files) {
      if (!file.isFile()) continue;
      const namespace = file.name.replace(/\.json$/, '');
      if (!file.name.endsWith('.json') || !isNamespace(namespace)) {
        problems.push({
          file: shown(language, file.name),
          path: '',
          message: `unknown namespace file (expected one of: ${NAMESPACES.map((n) => `${n}.json`).join(', ')})`,
        });
        continue;
      }
      names.add(namespace);
      const fileName = shown(language, file.name);
      try {
        const json = parseDictionaryFile(
          await readLimited(path.join(root, language, file.name), fileName),
          fileName,
        );
        const result = validatorFor(namespace).safeParse(json);
        if (!result.success) {
          problems.push(...zodProblems(fileName, result.error));
          continue;
        }
        const perLanguage = parsed.get(namespace) ?? {};
        perLanguage[language] = json;
        parsed.set(namespace, perLanguage);
      } catch (error) {
        if (error instanceof ContentError) problems.push(...error.problems);
        else throw error;
      }
    }
    for (const namespace of NAMESPACES) {
      if (!names.has(namespace))
        problems.push({
          file: shown(language, `${namespace}.json`),
          path: '',
          message: 'file is missing',
        });
    }
  }

  const dictionaries: ImportedDictionary[] = [];
  for (const namespace of NAMESPACES) {
    const perLanguage = parsed.get(namespace);
    if (!perLanguage || LANGUAGES.some((lang) => perLanguage[lang] === undefined)) continue;
    const complete = perLanguage as Record<Language, unknown>;
    const merged = mergeLanguages(getDictionary(namespace), complete, (lang) =>
      shown(lang, `${namespace}.json`),
    );
    if (merged.problems.length) {
      problems.push(...merged.problems);
      continue;
    }
    dictionaries.push({
      namespace,
      files: complete,
      document: { _id: documentId(namespace), _type: documentType(namespace), ...merged.body },
    });
  }

  if (problems.length) throw new ContentError(problems);
  return dictionaries;
}
