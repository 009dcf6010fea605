/**
 * The gate between the content store and the site: it reads one namespace's published
 * document, splits and validates it exactly as the export does, renders it where a render
 * check is given (the site's pages), and decides what the site serves. A version that passes becomes the last good one; a version that fails is
 * held back (the last good one is served and the reason logged once and recorded); an
 * unreachable store also falls back to the last good version. During a build both are
 * errors instead, so a build never bakes in copy nobody could check.
 *
 * Reads are coalesced per namespace: at most one store read runs at a time, and a flood
 * of refresh requests waits for one follow-up read instead of starting one each.
 */
import { createHash } from 'node:crypto';
import { documentId, type DictionaryOf, type Namespace } from '@/schemas';
import type { Language } from '@/schemas/languages';
import { ContentError, describeProblem, type ContentProblem } from '@/schemas/problems';
import { glossaryFromDocument } from '@/schemas/glossary';
import { checkedDictionaries, type CoverageEntry } from './published';
import { goodEntry, type SnapshotEntry, type SnapshotStore } from './snapshot';
import type { ContentStore, DictionaryDocument } from './store';

export type GateState = 'live' | 'held-back' | 'unreachable';

export interface GateResult<N extends Namespace = Namespace> {
  readonly namespace: N;
  /** live: the store's version passed; otherwise the last good version is served. */
  readonly state: GateState;
  readonly languages: Record<Language, DictionaryOf<N>>;
  /** Why the store's version is not served (empty when live). */
  readonly problems: readonly ContentProblem[];
  /**
   * The store's version's translation figures (missing, outdated), whether it went live or
   * was held back; absent when the store could not be read.
   */
  readonly coverage?: Record<Language, CoverageEntry>;
  /** When live: the stored document that passed, and the last good version it replaces. */
  readonly document?: DictionaryDocument | undefined;
  readonly replaced?: SnapshotEntry | undefined;
}

export interface GateOptions {
  readonly store: ContentStore;
  readonly snapshot: SnapshotStore;
  /** Throw instead of falling back (the build: it must fail on copy that does not pass). */
  readonly failOnProblems: boolean;
  readonly log?: (line: string) => void;
  /**
   * Renders a version that passed validation (the site's pages: web/render/render-check.tsx);
   * what it reports holds the version back like a validation problem.
   */
  readonly renderCheck?: RenderCheck;
}

/**
 * `beside`: versions of other namespaces to render it with instead of the ones the site serves
 * (the rest of a release, checked as a whole).
 */
export type RenderCheck = <N extends Namespace>(
  namespace: N,
  languages: Record<Language, DictionaryOf<N>>,
  beside?: VersionsBeside,
) => Promise<readonly ContentProblem[]>;

export type VersionsBeside = { readonly [N in Namespace]?: Record<Language, DictionaryOf<N>> };

export interface NamespaceReads {
  /** Store reads of this namespace since the process started. */
  readonly reads: number;
  readonly lastReadAt: string | null;
  readonly lastState: GateState | null;
}

/** A short, stable name for one version of a document (Sanity's `_rev` is part of it). */
export function revisionOf(doc: DictionaryDocument | undefined): string {
  if (!doc) return 'missing';
  return createHash('sha256').update(JSON.stringify(doc)).digest('hex').slice(0, 12);
}

/** An error and its causes in one line: fetch reports `fetch failed`, its cause says why. */
function describeFailure(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current !== undefined && parts.length < 4;) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ');
}

/**
 * The store could not be read and there is no last good version to serve instead: a fault
 * of the store, not of the copy, so whoever asked may ask again (the webhook answers 503).
 */
export class ContentStoreUnreachable extends ContentError {
  constructor(problems: readonly ContentProblem[]) {
    super(problems);
    this.name = 'ContentStoreUnreachable';
  }
}

export class ContentGate {
  private readonly running = new Map<Namespace, Promise<GateResult>>();
  private readonly queued = new Map<Namespace, Promise<GateResult>>();
  private readonly counts = new Map<Namespace, NamespaceReads>();
  private readonly log: (line: string) => void;

  constructor(private readonly options: GateOptions) {
    this.log = options.log ?? ((line) => console.warn(line));
  }

  get storeDescription(): string {
    return this.options.store.description;
  }

  /** What to serve now: joins a read already under way, else starts one. */
  read<N extends Namespace>(namespace: N): Promise<GateResult<N>> {
    return (this.running.get(namespace) ?? this.start(namespace)) as Promise<GateResult<N>>;
  }

  /**
   * A read that starts after this call (after a publish): a read under way may predate the
   * change, so this waits for the one follow-up read that every caller meanwhile shares.
   */
  refresh<N extends Namespace>(namespace: N): Promise<GateResult<N>> {
    const running = this.running.get(namespace);
    if (!running) return this.start(namespace);
    let next = this.queued.get(namespace);
    if (!next) {
      next = running
        .catch(() => undefined)
        .then(() => {
          this.queued.delete(namespace);
          return this.start(namespace);
        });
      this.queued.set(namespace, next);
    }
    return next as Promise<GateResult<N>>;
  }

  reads(): Partial<Record<Namespace, NamespaceReads>> {
    return Object.fromEntries(this.counts);
  }

  private start<N extends Namespace>(namespace: N): Promise<GateResult<N>> {
    const promise = this.check(namespace).finally(() => {
      if (this.running.get(namespace) === promise) this.running.delete(namespace);
    });
    this.running.set(namespace, promise);
    return promise;
  }

  private async check<N extends Namespace>(namespace: N): Promise<GateResult<N>> {
    const { store, snapshot, failOnProblems } = this.options;
    const id = documentId(namespace);
    let doc: DictionaryDocument | undefined;
    let glossaryDoc: DictionaryDocument | undefined;
    try {
      // The glossary comes with it, in the same read: the texts' warnings depend on it.
      const docs = await store.fetchDictionaries([...new Set([namespace, 'glossary' as const])]);
      doc = docs.find((found) => found._id === id);
      glossaryDoc = docs.find((found) => found._id === documentId('glossary'));
    } catch (cause) {
      this.count(namespace, 'unreachable');
      const problem = {
        file: id,
        path: '',
        message: `content store unreachable: ${describeFailure(cause)}`,
      };
      if (failOnProblems) throw new ContentStoreUnreachable([problem]);
      const previous = await this.lastGood(namespace, [problem]).catch((error: unknown) => {
        throw error instanceof ContentError ? new ContentStoreUnreachable(error.problems) : error;
      });
      this.log(`content gate: ${id}: ${problem.message}; serving its last good version`);
      return {
        namespace,
        state: 'unreachable',
        languages: previous.languages,
        problems: [problem],
      };
    }

    const published = checkedDictionaries(namespace, doc, {
      strict: false,
      storeDescription: store.description,
      glossary: glossaryFromDocument(glossaryDoc),
    });
    const revision = revisionOf(doc);
    const problems = published.problems.length
      ? published.problems
      : await this.renderProblems(namespace, published.languages);
    if (problems.length === 0) {
      this.count(namespace, 'live');
      const previous = await snapshot.read(namespace);
      if (previous?.heldBack)
        this.log(`content gate: ${id} passes again (revision ${revision}); serving it`);
      if (previous?.revision !== revision || previous.heldBack)
        await snapshot.save(goodEntry(namespace, revision, published.languages, doc));
      return {
        namespace,
        state: 'live',
        languages: published.languages,
        problems: [],
        coverage: published.coverage,
        document: doc,
        replaced: previous,
      };
    }

    this.count(namespace, 'held-back');
    if (failOnProblems) throw new ContentError(problems);
    const previous = await this.lastGood(namespace, problems);
    if (previous.heldBack?.revision !== revision) {
      // One line per refused version, naming the document, the key paths and the problems.
      this.log(
        `content gate: held back ${id} (revision ${revision}), still serving revision ${previous.revision}: ` +
          problems.map(describeProblem).join('; '),
      );
      // The last good languages stay as they are; the record says why the newer one waits.
      await snapshot.save({
        ...previous,
        heldBack: { revision, since: new Date().toISOString(), problems },
      });
    }
    return {
      namespace,
      state: 'held-back',
      languages: previous.languages,
      problems,
      coverage: published.coverage,
    };
  }

  private async renderProblems<N extends Namespace>(
    namespace: N,
    languages: Record<Language, DictionaryOf<N>>,
  ): Promise<readonly ContentProblem[]> {
    try {
      return (await this.options.renderCheck?.(namespace, languages)) ?? [];
    } catch (error) {
      // A check that cannot run has not shown that the version renders.
      const message = `could not check that it renders: ${describeFailure(error)}`;
      return [{ file: documentId(namespace), path: '', message }];
    }
  }

  private async lastGood<N extends Namespace>(namespace: N, problems: readonly ContentProblem[]) {
    const previous = await this.options.snapshot.read(namespace);
    if (!previous) {
      throw new ContentError([
        ...problems,
        {
          file: documentId(namespace),
          path: '',
          message: `no earlier good version to serve instead (none in ${this.options.snapshot.description})`,
        },
      ]);
    }
    return previous;
  }

  private count(namespace: Namespace, state: GateState): void {
    const before = this.counts.get(namespace);
    this.counts.set(namespace, {
      reads: (before?.reads ?? 0) + 1,
      lastReadAt: new Date().toISOString(),
      lastState: state,
    });
  }
}
