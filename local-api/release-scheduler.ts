/**
 * Scheduled releases happen with nobody watching: the local API publishes a scheduled
 * release at its `publishAt`, and at start any whose time passed while it was stopped (late,
 * once: the release's state is the record, and publishing it makes it `published`).
 *
 * When a release is scheduled and again at its time, the site's release check is asked
 * (when a site is known). A blocked release is not published: as Sanity does with a scheduled
 * release that fails, it goes back to `active` with the reason in `error.message`, which the
 * Studio shows on the release ("Failed to schedule"), and the API prints one line saying why.
 * Marked at schedule time, the editor sees it before the time. A site that cannot be reached
 * does not stop the publish: the store changes, and the site's reconciliation brings it live.
 */
import { blockedReason, type ReleaseCheckAnswer } from '@/content/release-check';
import type { DocumentStore } from './document-store';
import { ApiError } from './http';
import { isRelease, releaseDocumentId, type ReleaseDocument } from './releases';
import { SCHEDULER_AUTHOR, type Transaction } from './transactions';
import { planActions, type DocumentRules } from './writes';

/** Asks the site about a release; undefined when no site is known. Throws when unreachable. */
export type ReleaseCheck = (
  release: string,
  options: { waiveOutdated: boolean },
) => Promise<ReleaseCheckAnswer | undefined>;

/** Longest delay setTimeout accepts; a later time is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export class ReleaseScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;
  /** `<name>@<publishAt>` of schedules already checked with the site. */
  private readonly checked = new Set<string>();
  private closed = false;

  constructor(
    private readonly store: DocumentStore,
    private readonly rules: DocumentRules,
    private readonly options: {
      readonly check?: ReleaseCheck | undefined;
      readonly onTransaction: (transaction: Transaction) => void;
      readonly log: (line: string) => void;
    },
  ) {}

  start(): void {
    this.unsubscribe = this.store.subscribe(() => this.plan());
    this.plan();
  }

  /** Stops the timer and waits for a publish under way. */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    clearTimeout(this.timer);
    await this.running;
  }

  private scheduled(): ReleaseDocument[] {
    return this.store
      .all()
      .flatMap((doc) => (isRelease(doc) && doc.state === 'scheduled' ? [doc] : []));
  }

  /** Sets the timer for the next scheduled release, and checks newly scheduled ones. */
  private plan(): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    const releases = this.scheduled();
    for (const release of releases) {
      const key = `${release.name}@${release.publishAt}`;
      if (this.checked.has(key) || Date.parse(release.publishAt!) <= Date.now()) continue;
      this.checked.add(key);
      this.run(() => this.checkAhead(release.name, release.publishAt!));
    }
    const next = Math.min(...releases.map((release) => Date.parse(release.publishAt!)));
    if (!Number.isFinite(next)) return;
    const delay = Math.min(Math.max(0, next - Date.now()), MAX_DELAY_MS);
    // Planned again after the run: a time beyond setTimeout's range is waited for in steps.
    this.timer = setTimeout(
      () =>
        this.run(async () => {
          await this.publishDue();
          this.plan();
        }),
      delay,
    );
  }

  private run(task: () => Promise<void>): void {
    this.running = this.running
      .then(task)
      .catch((error: unknown) =>
        this.options.log(`local API: scheduled releases: ${(error as Error).message ?? error}`),
      );
  }

  /**
   * Run release, published now by hand (the Studio's button, `npm run releases -- publish`):
   * the site's check decides as it does at a scheduled time. Refused with 409 and why, which
   * the Studio shows; nothing is published.
   */
  async refuseHeld(body: unknown): Promise<void> {
    const actions = (body as { actions?: unknown } | null)?.actions;
    for (const action of Array.isArray(actions) ? actions : []) {
      const { actionType, releaseId } = (action ?? {}) as Record<string, unknown>;
      if (actionType !== 'sanity.action.release.publish' || typeof releaseId !== 'string') continue;
      const release = this.store.get(releaseDocumentId(releaseId));
      const reason = isRelease(release) ? await this.ask(release) : undefined;
      if (reason) throw new ApiError(409, `release "${releaseId}" was not published: ${reason}`);
    }
  }

  private async ask(release: ReleaseDocument): Promise<string | undefined> {
    const check = this.options.check;
    if (!check) return undefined;
    let answer: ReleaseCheckAnswer | undefined;
    try {
      answer = await check(release.name, {
        waiveOutdated: Boolean(release.metadata.waiveOutdated),
      });
    } catch (error) {
      this.options.log(
        `local API: release "${release.name}": the site's release check could not be reached (${(error as Error).message}); going ahead`,
      );
      return undefined;
    }
    return answer?.status === 'blocked'
      ? blockedReason(answer, Boolean(release.metadata.waiveOutdated))
      : undefined;
  }

  /** At schedule time: a release the site would block is marked now, before its time. */
  private async checkAhead(name: string, publishAt: string): Promise<void> {
    const release = this.store.get(releaseDocumentId(name));
    if (!isRelease(release) || release.state !== 'scheduled') return;
    const reason = await this.ask(release);
    if (!reason) return;
    this.options.log(`local API: release "${name}" (at ${publishAt}) was unscheduled: ${reason}`);
    await this.unscheduleWith(name, publishAt, reason);
  }

  /** Puts a release still scheduled for `publishAt` back to active, with the reason. */
  private async unscheduleWith(name: string, publishAt: string, reason: string): Promise<void> {
    // Scheduled again for the same time once fixed, it is checked again.
    this.checked.delete(`${name}@${publishAt}`);
    const id = releaseDocumentId(name);
    const transaction = await this.store.transact(SCHEDULER_AUTHOR, (read) => {
      const release = read(id);
      if (!isRelease(release) || release.state !== 'scheduled' || release.publishAt !== publishAt)
        return { kind: 'edit', changes: [] };
      const { publishAt: _at, ...rest } = release;
      return {
        kind: 'edit',
        changes: [{ id, after: { ...rest, state: 'active', error: { message: reason } } }],
      };
    });
    this.options.onTransaction(transaction);
  }

  /** Publishes every scheduled release whose time has come, each in its own transaction. */
  private async publishDue(): Promise<void> {
    const due = this.scheduled().filter((release) => Date.parse(release.publishAt!) <= Date.now());
    for (const release of due) {
      if (this.closed) return;
      const reason = await this.ask(release);
      if (reason) {
        // Logged before the release is marked, so whoever sees the mark also finds the line.
        this.options.log(`local API: release "${release.name}" was not published: ${reason}`);
        await this.unscheduleWith(release.name, release.publishAt!, reason);
        continue;
      }
      try {
        const transaction = await this.store.transact(SCHEDULER_AUTHOR, (read) => {
          const current = read(release._id);
          // Unscheduled, rescheduled or published meanwhile: nothing to do (never twice).
          if (
            !isRelease(current) ||
            current.state !== 'scheduled' ||
            current.publishAt !== release.publishAt
          )
            return { kind: 'edit', changes: [] };
          const body = {
            actions: [{ actionType: 'sanity.action.release.publish', releaseId: release.name }],
          };
          return planActions(body, read, this.rules, () => this.store.all().map((doc) => doc._id));
        });
        this.options.onTransaction(transaction);
        if (transaction.changes.length > 0)
          this.options.log(
            `local API: release "${release.name}" published at its time (${release.publishAt}): ${transaction.changes.length - 1} document(s)`,
          );
      } catch (error) {
        const message = error instanceof ApiError ? error.message : String(error);
        this.options.log(`local API: release "${release.name}" was not published: ${message}`);
        await this.unscheduleWith(
          release.name,
          release.publishAt!,
          `publishing failed: ${message}`,
        );
      }
    }
  }
}
