/**
 * `npm run newsletter -- <command>`: the operator's view of the newsletter's records.
 *
 *   proof <address> [--json]        the complete proof of consent of one address (--json:
 *                                   the record as JSON)
 *   export-confirmed [--out <file>]  the confirmed subscribers as CSV, for the mailing tool
 *   sweep                           the 48-hour deletion, once (the site's server runs it
 *                                   every minute; this is for when no server runs)
 *
 * Reads the Firestore project of NEXT_PUBLIC_FIREBASE_PROJECT_ID with the machine's Google
 * credentials (or the emulator in FIRESTORE_EMULATOR_HOST).
 */
import { parseArgs } from 'node:util';
import type { Timestamp } from 'firebase-admin/firestore';
import { writeFileAtomically } from '@/content/atomic-file';
import { processIo, runScript, type ScriptIo } from '@/content/cli';
import { SettingsError } from '@/content/settings';
import { readNewsletterSettings, readSiteSettings } from '@/web/site/settings';
import { unsubscribeHeaders, unsubscribeUrl } from '../link-urls';
import { normaliseEmail, signupId } from '../signup';
import { csvDocument } from './csv';
import { serverDatabase } from '@/web/firebase/server-database';
import { jsonText, visible } from './json-text';
import {
  confirmedSubscribers,
  deleteExpiredRequests,
  expireSendLeases,
  readProof,
  type ProofEvent,
  type ProofRecord,
  type Subscriber,
} from './records';

const USAGE = `usage: npm run newsletter -- proof <address> [--json]
       npm run newsletter -- export-confirmed [--out <file.csv>]
       npm run newsletter -- sweep`;

const time = (value: Timestamp | null | undefined) => (value ? value.toDate().toISOString() : '—');

function describeEvent(event: ProofEvent): string {
  const request = event.requestId ? `request ${event.requestId}` : '';
  switch (event.type) {
    case 'requested':
      return [
        request,
        `page ${jsonText(event.page)}`,
        `language ${event.language}`,
        `consent text ${event.consentVersion}`,
        event.userAgent && `user agent ${jsonText(event.userAgent)}`,
      ]
        .filter(Boolean)
        .join(', ');
    case 'mail-sent':
      return `${request}, attempt ${event.attempt}, message id ${event.messageId}, server: ${visible(event.response)}`;
    case 'mail-failed':
      return (
        `${request}, attempt ${event.attempt}, message id ${event.messageId}, ${visible(event.error)}; ` +
        (event.retryAt ? `next attempt ${time(event.retryAt)}` : 'not retried')
      );
    case 'mail-uncertain':
      return `${request}, attempt ${event.attempt}, message id ${event.messageId}, ${visible(event.error)}; not sent again`;
    case 'confirmed':
      return [request, event.userAgent && `user agent ${jsonText(event.userAgent)}`]
        .filter(Boolean)
        .join(', ');
    case 'withdrawn':
      return `via ${event.via === 'one-click' ? 'one-click unsubscribe (RFC 8058 POST)' : 'unsubscribe link'}`;
  }
}

/**
 * The complete record of one address, as printed by `proof`. What visitors supplied (the
 * address, page and user agent) is printed as JSON strings, so it can never pass for a line
 * or an event of its own.
 */
export function formatProof(email: string, record: ProofRecord): string {
  const { subscriber } = record;
  const lines = [
    `Proof of consent: ${jsonText(email)}`,
    `Record id (SHA-256 of the address): ${record.subscriberId}`,
  ];
  if (subscriber) {
    lines.push(
      `Status: ${subscriber.status}`,
      `First request: ${time(subscriber.firstRequestedAt)}`,
      `Confirmed: ${time(subscriber.confirmedAt)}${subscriber.consentVersion ? ` (consent text ${subscriber.consentVersion})` : ''}`,
      `Withdrawn: ${time(subscriber.withdrawnAt)}`,
    );
  }
  if (record.waiting) lines.push('A signup waits in the inbox, not yet taken by the server.');
  lines.push('', 'Requests:');
  for (const request of record.requests) {
    const mail = request.mail;
    lines.push(
      `  ${request.id}: requested ${time(request.requestedAt)} on ${jsonText(request.page)} (${request.language}), ` +
        `consent text ${request.consentVersion}`,
      `    confirmation mail: ${mail.state}, ${mail.attempts} attempt(s), message id ${mail.messageId ?? '—'}, ` +
        `sent ${time(mail.sentAt)}${mail.lastError ? `, last error: ${visible(mail.lastError)}` : ''}`,
      `    confirmed: ${time(request.confirmedAt)}` +
        (request.expiresAt ? `, link valid until ${time(request.expiresAt)}` : ''),
    );
  }
  if (record.requests.length === 0) lines.push('  (none kept)');
  lines.push('', 'Consent texts shown:');
  for (const [version, kept] of Object.entries(record.consentTexts)) {
    if (!kept) {
      lines.push(`  ${version}: not kept (no server saw this version of the copy)`);
      continue;
    }
    lines.push(
      `  ${version} (${kept.language}, kept since ${time(kept.firstSeenAt)}):`,
      ...Object.entries(kept.text).map(([field, text]) => `    ${field}: ${visible(text) || '—'}`),
    );
  }
  lines.push('', 'Events (append-only, oldest first):');
  for (const event of record.events)
    lines.push(`  ${time(event.at)}  ${event.type.padEnd(14)}  ${describeEvent(event)}`);
  return lines.join('\n');
}

const CSV_COLUMNS = [
  'email',
  'language',
  'confirmed_at',
  'consent_version',
  'unsubscribe_url',
  'list_unsubscribe',
  'list_unsubscribe_post',
] as const;

/** The confirmed subscribers as the CSV `export-confirmed` writes, for the mailing tool. */
export function confirmedCsv(subscribers: readonly Subscriber[], siteUrl: string): string {
  const rows = subscribers.map((subscriber) => {
    const url = subscriber.unsubscribeToken
      ? unsubscribeUrl(siteUrl, subscriber.language, subscriber.unsubscribeToken)
      : '';
    const headers = unsubscribeHeaders(url);
    return [
      subscriber.email,
      subscriber.language,
      time(subscriber.confirmedAt),
      subscriber.consentVersion ?? '',
      url,
      headers['List-Unsubscribe'],
      headers['List-Unsubscribe-Post'],
    ];
  });
  return csvDocument([CSV_COLUMNS, ...rows]);
}

function database(io: ScriptIo) {
  const { projectId } = readNewsletterSettings(io.env);
  if (!projectId)
    throw new SettingsError(
      'NEXT_PUBLIC_FIREBASE_PROJECT_ID is not set: it names the Firebase project that holds the newsletter records',
    );
  const emulator = io.env.FIRESTORE_EMULATOR_HOST?.trim();
  io.error(`Firestore: project ${projectId}${emulator ? ` (emulator at ${emulator})` : ''}`);
  return serverDatabase(projectId);
}

export async function newsletterCommand(
  args: readonly string[],
  io: ScriptIo = processIo,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: [...args],
    options: { out: { type: 'string' }, json: { type: 'boolean' } },
    allowPositionals: true,
    strict: false,
  });
  const [command, ...rest] = positionals;
  if (command === 'proof' && rest.length === 1 && rest[0]) {
    const address = rest[0];
    let email: string;
    try {
      email = normaliseEmail(address);
    } catch {
      // Records exist only for plain addresses; say so rather than print a stack trace.
      io.error(`${jsonText(address)} is not a plain e-mail address (local@domain): no record.`);
      return 2;
    }
    return runScript(async () => {
      const record = await readProof(database(io), await signupId(email));
      if (values.json === true) io.log(jsonText({ email, ...record }, 2));
      else if (!record.subscriber && record.events.length === 0 && !record.waiting)
        io.log(
          `No record of ${jsonText(email)}: it never signed up, or its requests were not confirmed and deleted after 48 hours.`,
        );
      else io.log(formatProof(email, record));
    }, io);
  }
  if (command === 'export-confirmed' && rest.length === 0) {
    return runScript(async () => {
      const siteUrl = readSiteSettings(io.env).SITE_URL;
      const subscribers = await confirmedSubscribers(database(io));
      const csv = confirmedCsv(subscribers, siteUrl);
      const out = typeof values.out === 'string' ? values.out : undefined;
      if (out) {
        await writeFileAtomically(out, csv);
        io.log(`${subscribers.length} confirmed subscriber(s) written to ${out}`);
      } else {
        io.log(csv.replace(/\r\n$/, ''));
        io.error(`${subscribers.length} confirmed subscriber(s)`);
      }
    }, io);
  }
  if (command === 'sweep' && rest.length === 0) {
    return runScript(async () => {
      const db = database(io);
      const uncertain = await expireSendLeases(db);
      const deleted = await deleteExpiredRequests(db);
      io.log(
        `${deleted} request(s) not confirmed within 48 hours deleted; ` +
          `${uncertain} abandoned send attempt(s) marked uncertain`,
      );
    }, io);
  }
  io.error(USAGE);
  return 2;
}
