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
import { writeFileAtomically } from '@/content/atomic-file';
import { processIo, runScript, type ScriptIo } from '@/content/cli';
import { SettingsError } from '@/content/store-settings';
import { readNewsletterSettings, readSiteSettings } from '@/web/site/site-settings';
import { serverDatabase } from '@/web/firebase/server-database';
import { normaliseEmail, signupId } from '@/web/newsletter/signup';
import { confirmedCsv, confirmedSubscribers } from './export';
import { jsonText } from './json-text';
import { expireSendLeases } from './outbox';
import { formatProof, readProof } from './proof';
import { deleteExpiredRequests } from './retention';

const USAGE = `usage: npm run newsletter -- proof <address> [--json]
       npm run newsletter -- export-confirmed [--out <file.csv>]
       npm run newsletter -- sweep`;

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
