/**
 * Preview secrets: the short-lived documents the Studio's Presentation tool writes before
 * it opens the site in draft mode (`sanity.previewUrlSecret`, by `@sanity/preview-url-secret`),
 * and that the site's enable route reads back to check the secret it was given.
 *
 * They are kept in memory, never in the dataset file: they are no content, expire after
 * an hour, and import, export and the Studio's lists must never see them. The API answers
 * exactly the writes the Studio sends for them (create or replace, patch, and deleting
 * expired ones by query); anything else aimed at them is refused, and a write that mixes
 * them with dictionaries is a client mistake.
 */
import { Mutation } from '@sanity/mutator';
import { newTransactionId, type ApiDocument } from './transactions';
import { ApiError } from './http';
import { runQuery } from './query';
import type { MutationResult } from './writes';

export const PREVIEW_SECRET_TYPE = 'sanity.previewUrlSecret';
/** The Studio stores each secret under a draft id of its own: `drafts.<uuid>`. */
const SECRET_ID = /^drafts\.[A-Za-z0-9-]{1,100}$/;
/** Enough for many Studio tabs; the oldest goes first (they expire after an hour anyway). */
const MAX_SECRETS = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Operation = { kind: string; value: Record<string, unknown> };

function operationsOf(body: unknown): Operation[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.mutations)) return undefined;
  const operations: Operation[] = [];
  for (const mutation of body.mutations) {
    if (!isRecord(mutation) || Object.keys(mutation).length !== 1) return undefined;
    const [[kind, value]] = Object.entries(mutation) as [[string, unknown]];
    if (!isRecord(value)) return undefined;
    operations.push({ kind, value });
  }
  return operations;
}

export class PreviewSecrets {
  private readonly documents = new Map<string, ApiDocument>();

  all(): ApiDocument[] {
    return [...this.documents.values()];
  }

  /** Whether a `/data/mutate` body is about preview secrets (then `mutate` answers it). */
  handles(body: unknown): boolean {
    const operations = operationsOf(body);
    if (!operations?.length) return false;
    // A secret is created and patched in one transaction: its id counts from its creation on.
    const ids = new Set(this.documents.keys());
    const ours = operations.filter(({ kind, value }) => {
      if (kind === 'create' || kind === 'createOrReplace' || kind === 'createIfNotExists') {
        if (value._type !== PREVIEW_SECRET_TYPE) return false;
        if (typeof value._id === 'string') ids.add(value._id);
        return true;
      }
      if (kind === 'patch' || kind === 'delete')
        return typeof value.id === 'string'
          ? ids.has(value.id)
          : typeof value.query === 'string' && value.query.includes(`"${PREVIEW_SECRET_TYPE}"`);
      return false;
    });
    if (ours.length === 0) return false;
    if (ours.length < operations.length)
      throw new ApiError(
        400,
        'preview secrets are written on their own, never in one transaction with dictionaries',
      );
    return true;
  }

  /**
   * Applies the mutations (all or nothing). `published` are the stored documents, so that
   * a delete by query can tell when it would reach a dictionary.
   */
  async mutate(
    body: unknown,
    stored: readonly object[],
  ): Promise<{ transactionId: string; results: MutationResult[] }> {
    const working = new Map(this.documents);
    const results: MutationResult[] = [];
    const transactionId = newTransactionId();
    const now = new Date().toISOString();
    const touch = (doc: Record<string, unknown>, before?: ApiDocument): ApiDocument => ({
      ...doc,
      _id: String(doc._id),
      _type: PREVIEW_SECRET_TYPE,
      _rev: transactionId,
      _createdAt: before?._createdAt ?? now,
      _updatedAt: now,
    });
    for (const [index, { kind, value }] of operationsOf(body)!.entries()) {
      const where = `mutations[${index}].${kind}`;
      switch (kind) {
        case 'create':
        case 'createOrReplace':
        case 'createIfNotExists': {
          const id = value._id;
          if (typeof id !== 'string' || !SECRET_ID.test(id))
            throw new ApiError(400, `${where}._id: a preview secret's id is drafts.<uuid>`);
          const before = working.get(id);
          if (before && kind === 'create')
            throw new ApiError(409, `${where}: document "${id}" already exists`, 'conflict');
          if (before && kind === 'createIfNotExists') {
            results.push({ id, operation: 'none' });
            break;
          }
          working.set(id, touch(structuredClone(value), before));
          results.push({ id, operation: before ? 'update' : 'create' });
          break;
        }
        case 'patch': {
          const id = value.id as string;
          const doc = working.get(id);
          if (!doc)
            throw new ApiError(409, `${where}: document "${id}" does not exist`, 'conflict');
          let patched: Record<string, unknown> | null;
          try {
            patched = new Mutation({
              mutations: [{ patch: { ...structuredClone(value), id } }],
            }).apply(structuredClone(doc));
          } catch (error) {
            throw new ApiError(
              400,
              `${where}: the patch cannot be applied: ${(error as Error).message}`,
            );
          }
          if (!patched || patched._id !== id || patched._type !== PREVIEW_SECRET_TYPE)
            throw new ApiError(400, `${where}: a patch cannot change _id or _type`);
          working.set(id, touch(patched, doc));
          results.push({ id, operation: 'update' });
          break;
        }
        case 'delete': {
          if (typeof value.id === 'string') {
            working.delete(value.id);
            results.push({ id: value.id, operation: 'delete' });
            break;
          }
          // The Studio removes expired secrets with a query; it may match secrets only.
          const matched = await runQuery(String(value.query), {}, [...stored, ...working.values()]);
          const ids = (Array.isArray(matched) ? matched : [matched]).flatMap((doc: unknown) =>
            isRecord(doc) && typeof doc._id === 'string' ? [doc._id] : [],
          );
          const others = ids.filter((id) => !working.has(id));
          if (others.length)
            throw new ApiError(
              403,
              `${where}: deleting by query is allowed for preview secrets only, and this query matches ${others.join(', ')}`,
              'actionError',
            );
          for (const id of ids) {
            working.delete(id);
            results.push({ id, operation: 'delete' });
          }
          break;
        }
        default:
          throw new ApiError(400, `${where}: not supported for preview secrets`);
      }
    }
    const kept = [...working.values()]
      .sort((a, b) => a._updatedAt.localeCompare(b._updatedAt))
      .slice(-MAX_SECRETS);
    this.documents.clear();
    for (const doc of kept) this.documents.set(doc._id, doc);
    return { transactionId, results };
  }
}
