/**
 * Versions in a Sanity dataset, through the official client: a Sanity project, or the
 * local API (which speaks the same HTTP API). The Studio's Versions tool runs this
 * with the Studio's own client; `npm run versions` and the site with a token that may
 * write (the records are private documents, and a restore writes the dictionaries).
 */
import type { SanityClient } from '@sanity/client';
import { documentId, documentType, type Namespace } from '@/schemas';
import type { DictionaryDocument } from '../store';
import { recordChanges } from './keep';
import {
  DICTIONARY_STATE_QUERY,
  isVersionSummary,
  newestFirst,
  VERSION_LIST_QUERY,
  VERSIONS_BY_ID_QUERY,
  type PublishedVersion,
  type VersionRecord,
  type VersionSummary,
} from './version-records';
import {
  RestoreRefused,
  type DictionaryState,
  type Replacement,
  type VersionsBackend,
} from './restore';

const DRAFTS_PREFIX = 'drafts.';

/** Every id a query of this module reads: records are private, drafts too. */
const RAW = { perspective: 'raw' } as const;

function isConflict(error: unknown): boolean {
  return (error as { statusCode?: unknown } | null)?.statusCode === 409;
}

export class SanityVersions implements VersionsBackend {
  constructor(
    private readonly client: SanityClient,
    readonly description: string,
  ) {}

  async list(namespace: Namespace | null): Promise<VersionSummary[]> {
    const result = await this.client.fetch<unknown[]>(VERSION_LIST_QUERY, { namespace }, RAW);
    return newestFirst(result.filter(isVersionSummary));
  }

  async get(ids: readonly string[]): Promise<PublishedVersion[]> {
    if (ids.length === 0) return [];
    const result = await this.client.fetch<unknown[]>(VERSIONS_BY_ID_QUERY, { ids }, RAW);
    return result.filter(
      (value): value is PublishedVersion =>
        isVersionSummary(value) &&
        typeof (value as { content?: unknown }).content === 'object' &&
        (value as { content?: unknown }).content !== null,
    );
  }

  async state(namespaces: readonly Namespace[]): Promise<Map<Namespace, DictionaryState>> {
    const ids = namespaces.flatMap((namespace) => [
      documentId(namespace),
      `${DRAFTS_PREFIX}${documentId(namespace)}`,
    ]);
    const documents = await this.client.fetch<DictionaryDocument[]>(
      DICTIONARY_STATE_QUERY,
      { ids },
      RAW,
    );
    const byId = new Map(documents.map((doc) => [doc._id, doc]));
    return new Map(
      namespaces.map((namespace) => {
        const document = byId.get(documentId(namespace));
        return [
          namespace,
          {
            document,
            revision: typeof document?._rev === 'string' ? document._rev : undefined,
            hasDraft: byId.has(`${DRAFTS_PREFIX}${documentId(namespace)}`),
          },
        ];
      }),
    );
  }

  async replace(replacements: readonly Replacement[]): Promise<void> {
    const namespaces = replacements.map((replacement) => replacement.namespace);
    const states = await this.state(namespaces);
    const moved = replacements.filter(
      (replacement) => states.get(replacement.namespace)?.revision !== replacement.ifRevision,
    );
    if (moved.length)
      throw new RestoreRefused({
        reason: 'changed-meanwhile',
        namespaces: moved.map((replacement) => replacement.namespace),
      });
    const transaction = this.client.transaction();
    for (const { namespace, content, ifRevision } of replacements) {
      const current = states.get(namespace)?.document;
      if (!current || !ifRevision) {
        transaction.create({
          ...content,
          _id: documentId(namespace),
          _type: documentType(namespace),
        });
        continue;
      }
      // The published document becomes exactly the version: its fields set, any other
      // field of today's document removed; only if nobody published in between.
      const extra = Object.keys(current).filter((key) => !key.startsWith('_') && !(key in content));
      transaction.patch(documentId(namespace), (patch) => {
        const withFields = patch.set(content).ifRevisionId(ifRevision);
        return extra.length ? withFields.unset(extra) : withFields;
      });
    }
    try {
      await transaction.commit();
    } catch (error) {
      if (isConflict(error)) throw new RestoreRefused({ reason: 'changed-meanwhile', namespaces });
      throw error;
    }
  }

  async record(records: readonly VersionRecord[]): Promise<void> {
    if (records.length === 0) return;
    const namespaces = [...new Set(records.map((record) => record.namespace))];
    const kept = (await Promise.all(namespaces.map((namespace) => this.list(namespace)))).flat();
    const { create, remove } = recordChanges(kept, records);
    if (create.length === 0 && remove.length === 0) return;
    const transaction = this.client.transaction();
    // Another instance may have created it since: createIfNotExists writes it once.
    for (const record of create) transaction.createIfNotExists(record);
    for (const id of remove) transaction.delete(id);
    await transaction.commit();
  }
}
