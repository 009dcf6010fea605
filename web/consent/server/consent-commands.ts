/**
 * `npm run consent -- proof <consent id>`: every record of one consent id, oldest first, and
 * the exact banner text of each version shown, in its language. Values are printed quoted and
 * escaped, so a text is shown exactly as it was stored. Reads the Firestore project of
 * NEXT_PUBLIC_FIREBASE_PROJECT_ID with the machine's Google credentials (or the emulator in
 * FIRESTORE_EMULATOR_HOST).
 */
import type { Timestamp } from 'firebase-admin/firestore';
import { processIo, quoted, runScript, type ScriptIo } from '@/content/cli';
import { SettingsError } from '@/content/store-settings';
import { serverDatabase } from '@/web/firebase/server-database';
import { readNewsletterSettings } from '@/web/site/site-settings';
import { readConsentProof, type ConsentProof } from './consent-records';

const USAGE = 'usage: npm run consent -- proof <consent id>';

const time = (value: Timestamp) => value.toDate().toISOString();

/** The proof of one consent id, as printed by `proof`. */
export function formatConsentProof(consentId: string, proof: ConsentProof): string {
  const lines = [
    `Proof of cookie consent: ${quoted(consentId)}`,
    '',
    'Records (append-only, oldest first):',
  ];
  for (const record of proof.records)
    lines.push(
      `  ${time(record.at)}  ${record.decision.padEnd(11)}  text ${quoted(record.textVersion)}, ` +
        `language ${quoted(record.language)}, page ${quoted(record.page)}`,
    );
  lines.push('', 'Banner texts shown:');
  for (const [version, kept] of Object.entries(proof.texts)) {
    if (!kept) {
      lines.push(`  ${version}: not kept (no server saw this version of the banner)`);
      continue;
    }
    lines.push(
      `  ${version} (${kept.language}, kept since ${time(kept.firstSeenAt)}):`,
      ...Object.entries(kept.text).map(([field, text]) => `    ${field}: ${quoted(text)}`),
    );
  }
  return lines.join('\n');
}

export async function consentCommand(
  args: readonly string[],
  io: ScriptIo = processIo,
): Promise<number> {
  const [command, consentId, ...rest] = args;
  if (command !== 'proof' || !consentId || rest.length > 0) {
    io.error(USAGE);
    return 2;
  }
  return runScript(async () => {
    const { projectId } = readNewsletterSettings(io.env);
    if (!projectId)
      throw new SettingsError(
        'NEXT_PUBLIC_FIREBASE_PROJECT_ID is not set: it names the Firebase project that holds the consent records',
      );
    const emulator = io.env.FIRESTORE_EMULATOR_HOST?.trim();
    io.error(`Firestore: project ${projectId}${emulator ? ` (emulator at ${emulator})` : ''}`);
    const proof = await readConsentProof(serverDatabase(projectId), consentId.trim());
    if (proof.records.length === 0) {
      io.log(`No record of consent id ${quoted(consentId)}.`);
      return;
    }
    io.log(formatConsentProof(consentId.trim(), proof));
  }, io);
}
