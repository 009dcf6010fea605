/**
 * What a write request does to the documents: the Studio's actions (edit, publish,
 * discard, replace draft) and plain mutations, planned against the current documents
 * before anything is written. Dictionaries exist once each, with the id import-locales
 * gives them: creating, duplicating, unpublishing and deleting them is refused with a
 * message saying so, and any id or type the schema does not know is a client mistake.
 */
import { Mutation } from '@sanity/mutator';
import { isVersionRecordId, VERSION_TYPE } from '@/content/versions/version-records';
import { publishedIdOf, releaseOf, VERSIONS_PREFIX } from '@/content/perspective';
import { documentId, documentType, NAMESPACES } from '@/schemas';
import type { StoredDocument } from './dataset-file';
import type { DocumentReader, PlannedChange, TransactionKind } from './transactions';
import { ApiError } from './http';
import { planReleaseAction, requireOpenRelease, type Working } from './releases';

const DRAFTS_PREFIX = 'drafts.';

export interface KnownDocument {
  /** The published id, e.g. `dictionary-footer`. */
  readonly id: string;
  readonly type: string;
}

/** The documents the API lets clients write: by default every dictionary in schemas/. */
export class DocumentRules {
  private readonly types = new Map<string, string>();
  private readonly typeNames = new Set<string>();

  constructor(known: readonly KnownDocument[]) {
    for (const { id, type } of known) {
      this.types.set(id, type);
      this.typeNames.add(type);
    }
  }

  static dictionaries(extra: readonly KnownDocument[] = []): DocumentRules {
    return new DocumentRules([
      ...NAMESPACES.map((namespace) => ({
        id: documentId(namespace),
        type: documentType(namespace),
      })),
      ...extra,
    ]);
  }

  isKnownType(type: unknown): boolean {
    return typeof type === 'string' && this.typeNames.has(type);
  }

  /**
   * A published-version record (content/versions): what a site keeps in a Sanity dataset
   * with its token, so the API takes it like Sanity does. Records are created and
   * removed, never edited, and are not published dictionaries (no webhook is sent).
   */
  isVersionRecord(id: unknown): id is string {
    return typeof id === 'string' && isVersionRecordId(id);
  }

  /**
   * The published id and type behind a published, draft or release version id; throws for
   * anything else. Only dictionaries have drafts and versions.
   */
  resolve(id: unknown, where: string): { publishedId: string; draftId: string; type: string } {
    if (typeof id !== 'string' || id === '')
      throw new ApiError(400, `${where}: expected a document id`);
    if (id.startsWith(VERSIONS_PREFIX) && !/^versions\.[A-Za-z0-9_-]+\.[^.]/.test(id))
      throw new ApiError(400, `${where}: "${id}" is not versions.<release>.<document id>`);
    const publishedId = publishedIdOf(id);
    const type = this.types.get(publishedId);
    if (!type)
      throw new ApiError(
        400,
        `${where}: unknown document id "${id}"; the local API holds only the documents defined in schemas/ (e.g. dictionary-footer)`,
      );
    return { publishedId, draftId: `${DRAFTS_PREFIX}${publishedId}`, type };
  }

  checkType(doc: Record<string, unknown>, expected: string, where: string): void {
    if (doc._type === expected) return;
    if (!this.isKnownType(doc._type))
      throw new ApiError(400, `${where}: unknown document type ${JSON.stringify(doc._type)}`);
    throw new ApiError(
      400,
      `${where}: document "${String(doc._id)}" has type "${expected}", not "${String(doc._type)}"`,
    );
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const PATCH_OPERATIONS = new Set([
  'set',
  'setIfMissing',
  'unset',
  'insert',
  'inc',
  'dec',
  'diffMatchPatch',
]);

/** Applies a Sanity patch with Sanity's own patcher; `_id` and `_type` cannot change. */
function applyPatch(doc: StoredDocument, patch: unknown, where: string): StoredDocument {
  if (!isRecord(patch)) throw new ApiError(400, `${where}: expected a patch object`);
  const { ifRevisionID, id: _target, ...operations } = patch;
  if (ifRevisionID !== undefined && ifRevisionID !== doc._rev)
    throw new ApiError(
      409,
      `${where}: document "${doc._id}" is at revision ${String(doc._rev)}, not ${String(ifRevisionID)}`,
      'conflict',
    );
  for (const key of Object.keys(operations)) {
    if (!PATCH_OPERATIONS.has(key))
      throw new ApiError(400, `${where}: unknown patch operation "${key}"`);
  }
  let result: StoredDocument | null;
  try {
    result = new Mutation({
      mutations: [{ patch: { id: doc._id, ...structuredClone(operations) } }],
    }).apply(structuredClone(doc));
  } catch (error) {
    throw new ApiError(400, `${where}: the patch cannot be applied: ${(error as Error).message}`);
  }
  if (!result || result._id !== doc._id || result._type !== doc._type)
    throw new ApiError(400, `${where}: a patch cannot change _id or _type`);
  return result;
}

/** The documents as a request changes them, action by action. */
class WorkingSet implements Working {
  private readonly changed = new Map<string, StoredDocument | null>();

  constructor(
    private readonly read: DocumentReader,
    private readonly stored: () => readonly string[] = () => [],
  ) {}

  ids(): string[] {
    const ids = new Set([...this.stored(), ...this.changed.keys()]);
    return [...ids].filter((id) => this.get(id) !== null);
  }

  get(id: string): StoredDocument | null {
    return this.changed.has(id) ? (this.changed.get(id) ?? null) : this.read(id);
  }

  set(id: string, doc: StoredDocument | null): void {
    this.changed.set(id, doc);
  }

  changes(): PlannedChange[] {
    return [...this.changed].map(([id, after]) => ({ id, after }));
  }
}

export interface WritePlan {
  readonly kind: TransactionKind;
  readonly changes: PlannedChange[];
}

function refuse(action: string, type: string): never {
  throw new ApiError(
    403,
    `${action}: ${type} documents are dictionaries; each exists once, with the id import-locales gives it, so they can only be edited and published`,
    'actionError',
  );
}

function listOf(body: unknown, field: 'actions' | 'mutations'): unknown[] {
  if (!isRecord(body)) throw new ApiError(400, `expected a JSON object with "${field}"`);
  const value = body[field];
  const list = Array.isArray(value) ? value : value !== undefined ? [value] : [];
  if (list.length === 0) throw new ApiError(400, `"${field}" must be a non-empty list of ${field}`);
  return list;
}

/**
 * Where an edit or a new version of a dictionary goes: its draft, or its version in an
 * active release (`versions.<release>.<id>`). Anything else names the wrong document.
 */
function editTarget(
  target: unknown,
  ids: { publishedId: string; draftId: string },
  working: WorkingSet,
  where: string,
): string {
  if (target === ids.draftId) return ids.draftId;
  if (
    typeof target === 'string' &&
    releaseOf(target) &&
    publishedIdOf(target) === ids.publishedId
  ) {
    requireOpenRelease(working, target, where);
    return target;
  }
  throw new ApiError(
    400,
    `${where}: expected "${ids.draftId}" or a version of "${ids.publishedId}" in a release`,
  );
}

/**
 * Plans `POST /data/actions/<dataset>`. `stored` lists the ids of every stored document
 * (publishing a release finds its versions with it).
 */
export function planActions(
  body: unknown,
  read: DocumentReader,
  rules: DocumentRules,
  stored?: () => readonly string[],
): WritePlan {
  const working = new WorkingSet(read, stored);
  const now = new Date().toISOString();
  const checkVersion = (version: StoredDocument, publishedId: string) => {
    const ids = rules.resolve(publishedId, `version "${version._id}"`);
    rules.checkType(version, ids.type, `version "${version._id}"`);
    if ((version._system as { delete?: unknown } | undefined)?.delete)
      refuse('unpublish (in a release)', ids.type);
  };
  let kind: TransactionKind = 'edit';
  listOf(body, 'actions').forEach((action, index) => {
    const where = `actions[${index}]`;
    if (!isRecord(action) || typeof action.actionType !== 'string')
      throw new ApiError(400, `${where}: expected an object with an actionType`);
    const type = action.actionType;
    if (type.startsWith('sanity.action.release.')) {
      if (planReleaseAction(action, where, working, now, checkVersion) === 'publish')
        kind = 'publish';
      return;
    }
    switch (type) {
      case 'sanity.action.document.edit': {
        const ids = rules.resolve(action.publishedId, `${where}.publishedId`);
        const target = editTarget(action.draftId, ids, working, `${where}.draftId`);
        const published = working.get(ids.publishedId);
        const base = working.get(target) ?? (published && { ...published, _id: target });
        if (!base)
          throw new ApiError(409, `${where}: "${ids.publishedId}" does not exist`, 'conflict');
        working.set(target, applyPatch(base, action.patch, `${where}.patch`));
        return;
      }
      case 'sanity.action.document.version.create': {
        const ids = rules.resolve(action.publishedId, `${where}.publishedId`);
        const document = isRecord(action.document) ? action.document : undefined;
        const target = editTarget(
          document ? document._id : action.versionId,
          ids,
          working,
          `${where}.versionId`,
        );
        if (working.get(target))
          throw new ApiError(409, `${where}: "${target}" already exists`, 'conflict');
        let content: StoredDocument;
        if (document) {
          rules.checkType(document, ids.type, `${where}.document`);
          content = structuredClone(document) as StoredDocument;
        } else {
          const base = working.get(String(action.baseId));
          if (!base || publishedIdOf(base._id) !== ids.publishedId)
            throw new ApiError(
              409,
              `${where}.baseId: "${String(action.baseId)}" is not a stored version of "${ids.publishedId}"`,
              'conflict',
            );
          if (action.ifBaseRevisionId !== undefined && action.ifBaseRevisionId !== base._rev)
            throw new ApiError(
              409,
              `${where}: "${base._id}" changed meanwhile (revision ${String(base._rev)}, not ${String(action.ifBaseRevisionId)})`,
              'conflict',
            );
          content = base;
        }
        working.set(target, { ...content, _id: target });
        return;
      }
      case 'sanity.action.document.version.replace': {
        const document = isRecord(action.document) ? action.document : undefined;
        if (!document) throw new ApiError(400, `${where}.document: expected the version`);
        const ids = rules.resolve(document._id, `${where}.document._id`);
        const target = editTarget(document._id, ids, working, `${where}.document._id`);
        rules.checkType(document, ids.type, `${where}.document`);
        working.set(target, structuredClone(document) as StoredDocument);
        return;
      }
      case 'sanity.action.document.publish': {
        const ids = rules.resolve(action.publishedId, `${where}.publishedId`);
        if (action.draftId !== ids.draftId)
          throw new ApiError(400, `${where}.draftId: expected "${ids.draftId}"`);
        const draft = working.get(ids.draftId);
        if (!draft)
          throw new ApiError(
            409,
            `${where}: there is no draft of "${ids.publishedId}" to publish (it was published or discarded meanwhile)`,
            'conflict',
          );
        if (action.ifDraftRevisionId !== undefined && action.ifDraftRevisionId !== draft._rev)
          throw new ApiError(
            409,
            `${where}: the draft of "${ids.publishedId}" changed meanwhile (revision ${String(draft._rev)}, not ${String(action.ifDraftRevisionId)})`,
            'conflict',
          );
        const published = working.get(ids.publishedId);
        if (
          action.ifPublishedRevisionId !== undefined &&
          action.ifPublishedRevisionId !== (published?._rev ?? null)
        )
          throw new ApiError(
            409,
            `${where}: "${ids.publishedId}" was published meanwhile (revision ${String(published?._rev)}, not ${String(action.ifPublishedRevisionId)})`,
            'conflict',
          );
        rules.checkType(draft, ids.type, where);
        working.set(ids.publishedId, { ...draft, _id: ids.publishedId });
        working.set(ids.draftId, null);
        kind = 'publish';
        return;
      }
      case 'sanity.action.document.discard':
      case 'sanity.action.document.version.discard': {
        const target = type.endsWith('version.discard') ? action.versionId : action.draftId;
        const ids = rules.resolve(target, where);
        if (target === ids.publishedId)
          throw new ApiError(
            400,
            `${where}: only drafts and release versions can be discarded, not "${String(target)}"`,
          );
        const id = editTarget(target, ids, working, where);
        if (!working.get(id))
          throw new ApiError(409, `${where}: "${id}" does not exist`, 'conflict');
        working.set(id, null);
        if (kind === 'edit') kind = 'discard';
        return;
      }
      case 'sanity.action.document.replaceDraft': {
        const ids = rules.resolve(action.publishedId, `${where}.publishedId`);
        if (!isRecord(action.attributes))
          throw new ApiError(400, `${where}.attributes: expected the draft document`);
        rules.checkType(action.attributes, ids.type, `${where}.attributes`);
        working.set(ids.draftId, {
          ...structuredClone(action.attributes),
          _id: ids.draftId,
          _type: ids.type,
        });
        return;
      }
      case 'sanity.action.document.create': {
        const attributes = isRecord(action.attributes) ? action.attributes : {};
        // The Studio's first edit of a document in a release creates its version this way.
        if (typeof attributes._id === 'string' && releaseOf(attributes._id)) {
          const ids = rules.resolve(attributes._id, `${where}.attributes._id`);
          const target = editTarget(attributes._id, ids, working, `${where}.attributes._id`);
          rules.checkType(attributes, ids.type, `${where}.attributes`);
          if (working.get(target))
            throw new ApiError(409, `${where}: "${target}" already exists`, 'conflict');
          working.set(target, structuredClone(attributes) as StoredDocument);
          return;
        }
        if (!rules.isKnownType(attributes._type))
          throw new ApiError(
            400,
            `${where}: unknown document type ${JSON.stringify(attributes._type)}`,
          );
        return refuse('create or duplicate', String(attributes._type));
      }
      case 'sanity.action.document.delete':
      case 'sanity.action.document.unpublish':
      case 'sanity.action.document.version.unpublish': {
        const ids = rules.resolve(action.publishedId, `${where}.publishedId`);
        return refuse(type.endsWith('delete') ? 'delete' : 'unpublish', ids.type);
      }
      default:
        throw new ApiError(400, `${where}: unknown action type "${type}"`);
    }
  });
  return { kind, changes: working.changes() };
}

export interface MutationResult {
  readonly id: string;
  readonly operation: 'create' | 'update' | 'delete' | 'none';
}

function writeVersionRecord(
  working: WorkingSet,
  value: Record<string, unknown>,
  operation: string,
  at: string,
): MutationResult {
  const id = value._id as string;
  if (value._type !== VERSION_TYPE)
    throw new ApiError(400, `${at}: a document "${id}" must have the type "${VERSION_TYPE}"`);
  const exists = working.get(id) !== null;
  if (exists && operation === 'create')
    throw new ApiError(409, `${at}: document "${id}" already exists`, 'conflict');
  if (exists && operation === 'createIfNotExists') return { id, operation: 'none' };
  working.set(id, structuredClone(value) as StoredDocument);
  return { id, operation: exists ? 'update' : 'create' };
}

/** Plans `POST /data/mutate/<dataset>` (the Studio uses it for documents without drafts). */
export function planMutations(
  body: unknown,
  read: DocumentReader,
  rules: DocumentRules,
): WritePlan & { results: MutationResult[] } {
  const working = new WorkingSet(read);
  const results: MutationResult[] = [];
  const noVersion = (id: unknown, at: string) => {
    if (typeof id === 'string' && releaseOf(id))
      throw new ApiError(
        400,
        `${at}: "${id}" is a release version; versions are written through the actions API`,
      );
  };
  listOf(body, 'mutations').forEach((mutation, index) => {
    const where = `mutations[${index}]`;
    if (!isRecord(mutation) || Object.keys(mutation).length !== 1)
      throw new ApiError(
        400,
        `${where}: expected exactly one of create, createIfNotExists, createOrReplace, delete, patch`,
      );
    const [[operation, value]] = Object.entries(mutation) as [[string, unknown]];
    const at = `${where}.${operation}`;
    switch (operation) {
      case 'create':
      case 'createIfNotExists':
      case 'createOrReplace': {
        if (!isRecord(value)) throw new ApiError(400, `${at}: expected a document`);
        if (rules.isVersionRecord(value._id)) {
          results.push(writeVersionRecord(working, value, operation, at));
          return;
        }
        noVersion(value._id, `${at}._id`);
        const ids = rules.resolve(value._id, `${at}._id`);
        rules.checkType(value, ids.type, at);
        const id = value._id as string;
        const exists = working.get(id) !== null;
        if (exists && operation === 'create')
          throw new ApiError(409, `${at}: document "${id}" already exists`, 'conflict');
        if (exists && operation === 'createIfNotExists') {
          results.push({ id, operation: 'none' });
          return;
        }
        working.set(id, structuredClone(value) as StoredDocument);
        results.push({ id, operation: exists ? 'update' : 'create' });
        return;
      }
      case 'delete': {
        const id = isRecord(value) ? value.id : undefined;
        if (rules.isVersionRecord(id)) {
          working.set(id, null);
          results.push({ id, operation: 'delete' });
          return;
        }
        noVersion(id, `${at}.id`);
        const ids = rules.resolve(id, `${at}.id`);
        if (id === ids.publishedId) refuse('delete', ids.type);
        working.set(ids.draftId, null);
        results.push({ id: ids.draftId, operation: 'delete' });
        return;
      }
      case 'patch': {
        if (!isRecord(value)) throw new ApiError(400, `${at}: expected a patch`);
        if ('query' in value)
          throw new ApiError(400, `${at}: patches by query are not supported; give an id`);
        noVersion(value.id, `${at}.id`);
        const ids = rules.resolve(value.id, `${at}.id`);
        const id = value.id as string;
        const doc = working.get(id);
        if (!doc) throw new ApiError(409, `${at}: document "${id}" does not exist`, 'conflict');
        working.set(id, applyPatch(doc, value, at));
        rules.checkType(working.get(id)!, ids.type, at);
        results.push({ id, operation: 'update' });
        return;
      }
      default:
        throw new ApiError(400, `${where}: unknown mutation "${operation}"`);
    }
  });
  return { kind: 'mutate', changes: working.changes(), results };
}
