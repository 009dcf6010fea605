/**
 * What each instance of the site runs when confirmation mails are on (./start.ts):
 *
 * - a Firestore listener on the signup inbox: each new signup is taken (a transaction, so
 *   exactly one instance takes it) and its confirmation mail sent at once;
 * - a sweep every `min(NEWSLETTER_RETRY_SECONDS, 60)` seconds: signups the listener missed,
 *   mails due for another attempt, attempts whose instance died, the 48-hour deletion, and
 *   the consent texts of the current copy.
 *
 * Jobs run one after another per instance; across instances the transactions of the intake,
 * the outbox and the retention decide who does what.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { DictionaryOf } from '@/schemas';
import { LANGUAGES, type Language } from '@/schemas/languages';
import type { NewsletterSettings } from '@/web/site/site-settings';
import { consentText, consentVersion } from '@/web/newsletter/signup-consent-text';
import { confirmUrl } from '@/web/newsletter/link-urls';
import { SIGNUP_COLLECTION } from '@/web/newsletter/signup';
import { confirmationMail } from './confirmation-mail';
import { takeSignup, waitingSignups } from './intake';
import { sendMail } from './mailer';
import { claimSend, dueRequests, expireSendLeases, recordSend, type SendOutcome } from './outbox';
import { archiveConsentText } from './proof';
import { deleteExpiredRequests } from './retention';

/** The copy the mails are written in, read from the content gate when needed. */
export interface NewsletterCopy {
  readonly newsletter: Record<Language, DictionaryOf<'newsletter'>>;
  /** The sender's display name per language (`common.appName`). */
  readonly siteName: Record<Language, string>;
}

export interface ConfirmationWorkerOptions {
  readonly db: Firestore;
  readonly mail: NonNullable<NewsletterSettings['mail']>;
  /** The public origin the links point to (SITE_URL). */
  readonly siteUrl: string;
  readonly copy: () => Promise<NewsletterCopy>;
  readonly log?: (line: string) => void;
}

export interface ConfirmationWorker {
  /** Runs one sweep now (after the jobs already queued). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

const RELISTEN_MS = 30_000;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function startConfirmationWorker(options: ConfirmationWorkerOptions): ConfirmationWorker {
  const { db, mail, siteUrl, copy } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const messageDomain = mail.from.slice(mail.from.lastIndexOf('@') + 1);
  const site = new URL(siteUrl).host;
  const sweepMs = Math.min(mail.retrySeconds, 60) * 1000;
  const archived = new Map<Language, string>();
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();
  let sweepQueued = false;

  function run(what: string, job: () => Promise<void>): Promise<void> {
    queue = queue.then(async () => {
      if (stopped) return;
      try {
        await job();
      } catch (error) {
        log(`newsletter: ${what} failed: ${describe(error)}`);
      }
    });
    return queue;
  }

  async function send(requestId: string): Promise<void> {
    // Read before claiming: an attempt is claimed only when its mail can be written.
    const { newsletter, siteName } = await copy();
    const claim = await claimSend(db, requestId, messageDomain);
    if (!claim) return;
    const { language, email } = claim.request;
    let outcome: SendOutcome;
    try {
      const content = confirmationMail({
        texts: newsletter[language].confirmationMail,
        language,
        site,
        link: confirmUrl(siteUrl, language, claim.token),
      });
      outcome = await sendMail(mail.smtpUrl, {
        from: { name: siteName[language], address: mail.from },
        to: email,
        ...content,
        messageId: claim.messageId,
        language,
      });
    } catch (error) {
      // Nothing was handed to the SMTP server.
      outcome = { kind: 'retry', error: describe(error) };
    }
    await recordSend(db, claim, outcome, mail.retrySeconds);
    // Request ids, never addresses, in the server's log.
    log(
      `newsletter: confirmation mail ${claim.requestId} attempt ${claim.attempt}: ` +
        (outcome.kind === 'sent' ? 'sent' : `${outcome.kind} (${outcome.error})`),
    );
  }

  async function intake(signupId: string): Promise<void> {
    const { outcome, requestId } = await takeSignup(db, signupId);
    if (outcome !== 'gone' && outcome !== 'accepted')
      log(`newsletter: signup ${signupId.slice(0, 12)}… not sent: ${outcome}`);
    if (requestId) await send(requestId);
  }

  async function archiveConsentTexts(): Promise<void> {
    const { newsletter } = await copy();
    for (const language of LANGUAGES) {
      const text = consentText(newsletter[language]);
      const version = consentVersion(text);
      if (archived.get(language) === version) continue;
      await archiveConsentText(db, version, language, text);
      archived.set(language, version);
    }
  }

  async function sweep(): Promise<void> {
    sweepQueued = false;
    await archiveConsentTexts();
    for (const id of await waitingSignups(db)) await intake(id);
    await expireSendLeases(db);
    for (const id of await dueRequests(db)) await send(id);
    const deleted = await deleteExpiredRequests(db);
    if (deleted > 0) log(`newsletter: deleted ${deleted} request(s) not confirmed within 48 hours`);
  }

  function queueSweep(): Promise<void> {
    if (sweepQueued) return queue;
    sweepQueued = true;
    return run('sweep', sweep);
  }

  let unsubscribe: (() => void) | undefined;
  let relisten: NodeJS.Timeout | undefined;
  function listen() {
    if (stopped) return;
    unsubscribe = db.collection(SIGNUP_COLLECTION).onSnapshot(
      (snapshot) => {
        for (const change of snapshot.docChanges())
          if (change.type !== 'removed') void run('signup', () => intake(change.doc.id));
      },
      (error) => {
        log(
          `newsletter: listening for signups failed (${describe(error)}); ` +
            `the sweep takes them meanwhile, listening again in ${RELISTEN_MS / 1000} s`,
        );
        unsubscribe = undefined;
        relisten = setTimeout(listen, RELISTEN_MS);
        relisten.unref();
      },
    );
  }

  listen();
  void queueSweep();
  const timer = setInterval(() => void queueSweep(), sweepMs);
  timer.unref();

  return {
    sweep: () => {
      sweepQueued = false;
      return queueSweep();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (relisten) clearTimeout(relisten);
      unsubscribe?.();
      await queue;
    },
  };
}
