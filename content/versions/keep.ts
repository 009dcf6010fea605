/**
 * Keeping a version that went live: the site calls this after the gate let a published
 * document through. One transaction creates the record (unless another instance already
 * did: the id is deterministic) and removes the versions beyond the newest VERSIONS_KEPT.
 */
import type { Namespace } from '@/schemas';
import type { DictionaryDocument } from '../store';
import { contentHash, revisionOf } from './content-hash';
import {
  contentOf,
  VERSION_TYPE,
  versionRecordId,
  versionsBeyondKept,
  type VersionRecord,
  type VersionSummary,
} from './version-records';
import type { VersionsBackend } from './restore';

export interface LiveVersion {
  readonly namespace: Namespace;
  /** The stored document the site now serves. */
  readonly document: DictionaryDocument;
  /** When it went live (ISO time). */
  readonly liveAt: string;
  readonly publishedBy: string | null;
}

export async function versionRecord(version: LiveVersion): Promise<VersionRecord> {
  const revision = await revisionOf(version.document);
  const content = contentOf(version.document);
  const updatedAt = version.document._updatedAt;
  return {
    _id: versionRecordId(version.namespace, revision),
    _type: VERSION_TYPE,
    namespace: version.namespace,
    revision,
    contentHash: await contentHash(content),
    liveAt: version.liveAt,
    publishedAt: typeof updatedAt === 'string' ? updatedAt : null,
    publishedBy: version.publishedBy,
    content,
  };
}

/**
 * Keeps `versions` (of one dictionary, oldest first: the one replaced, then the new one).
 * Returns the ids of the records written or already there.
 */
export async function keepVersions(
  backend: VersionsBackend,
  versions: readonly LiveVersion[],
): Promise<string[]> {
  const records = await Promise.all(versions.map(versionRecord));
  // The same version twice (a delivery that changed nothing) keeps its first, earlier time.
  const unique = records.filter(
    (record, index) => records.findIndex((other) => other._id === record._id) === index,
  );
  await backend.record(unique);
  return unique.map((record) => record._id);
}

/**
 * What a backend's `record` writes: the records not kept yet, and the ids beyond the
 * newest VERSIONS_KEPT of each dictionary once they are added.
 */
export function recordChanges(
  kept: readonly VersionSummary[],
  records: readonly VersionRecord[],
): { create: VersionRecord[]; remove: string[] } {
  const known = new Set(kept.map((version) => version._id));
  const create = records.filter((record) => !known.has(record._id));
  const all = [...kept, ...create];
  const remove = [...new Set(all.map((version) => version.namespace))].flatMap((namespace) =>
    versionsBeyondKept(all.filter((version) => version.namespace === namespace)),
  );
  return {
    create: create.filter((record) => !remove.includes(record._id)),
    remove: remove.filter((id) => known.has(id)),
  };
}
