/**
 * A read through the Studio's client that one validation pass shares: every field of a form
 * is validated at once, and the pass reads each document it needs once. The next pass, on
 * the next keystroke, reads again, so others' edits count from then on.
 */
import type { ValidationContextLike } from './types';

/** A validation pass runs well inside this; a keystroke after it reads again. */
const READ_FOR_MS = 300;

const reads = new Map<string, { at: number; value: Promise<unknown> }>();

/**
 * `use` of `query`'s answer (raw perspective), or `otherwise` without a client or when the
 * read fails: what it serves only warns, and the field is still checked by everything else.
 */
export function readForPass<Answer, T>(
  context: ValidationContextLike,
  query: string,
  params: Record<string, unknown>,
  use: (answer: Answer) => T,
  otherwise: T,
): Promise<T> {
  const key = JSON.stringify([query, params]);
  const last = reads.get(key);
  // `sanity documents validate` checks every document once: one read serves the whole run.
  if (last && (context.environment === 'cli' || Date.now() - last.at < READ_FOR_MS))
    return last.value as Promise<T>;
  const client = context.getClient?.({ apiVersion: '2025-02-19' });
  if (!client) return Promise.resolve(otherwise);
  const value = client
    .fetch<Answer>(query, params, { perspective: 'raw' })
    .then(use)
    .catch(() => otherwise);
  reads.set(key, { at: Date.now(), value });
  return value;
}
