/**
 * POST /api/consent: the browser's record of a consent decision (../send-record.ts). The
 * server keeps the banner text of the version shown (when it is the one published now) and
 * writes the record through the Firestore client SDK, under the same rules a browser would
 * meet; the time is the server's. Answers never carry anything the page acts on.
 */
import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { getApp, getApps, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import { z } from 'zod';
import { LANGUAGES } from '@/schemas/languages';
import { backendConfig } from '@/web/firebase/config';
import { serverDatabase } from '@/web/firebase/server-database';
import { loadDictionary } from '@/web/dictionaries/loader';
import { TEXT_VERSION_PATTERN } from '@/web/site/text-version';
import { bannerVersion, publishedBanner } from '../version';
import { addConsentRecord, keepBannerText } from './consent-records';

const BODY_LIMIT = 2048;
/** Firestore out of reach (or credentials being looked for) must not hold requests open. */
const WRITE_TIMEOUT_MS = 10_000;
const HEADERS = { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' };

const RecordRequest = z.strictObject({
  consentId: z.string().regex(/^[0-9a-f]{32}$/),
  decision: z.enum(['accepted', 'declined', 'withdrawn', 'asked-again']),
  textVersion: z.string().regex(TEXT_VERSION_PATTERN),
  language: z.enum(LANGUAGES),
  page: z.string().max(256).regex(/^\//),
});

const APP_NAME = 'rg-consent-records';
let recordsDb: Firestore | undefined;
const kept = new Set<string>();

/** The client SDK as the browser would use it (FIRESTORE_EMULATOR_HOST: the emulator). */
function recordsDatabase(config: NonNullable<ReturnType<typeof backendConfig>>): Firestore {
  if (recordsDb) return recordsDb;
  const app = getApps().some((a) => a.name === APP_NAME)
    ? getApp(APP_NAME)
    : initializeApp(config, APP_NAME);
  recordsDb = getFirestore(app);
  const emulator = process.env.FIRESTORE_EMULATOR_HOST?.trim();
  if (emulator) {
    const [host, port] = emulator.split(':');
    connectFirestoreEmulator(recordsDb, host ?? '127.0.0.1', Number(port));
  }
  return recordsDb;
}

const answer = (status: number, text: string | null) =>
  new Response(text, { status, headers: HEADERS });

export async function handleConsentRecord(request: Request): Promise<Response> {
  const config = backendConfig();
  // Built without the Firebase settings: no records are kept (the page sends none either).
  if (!config) return answer(204, null);
  const body = await request.text();
  if (body.length > BODY_LIMIT) return answer(413, 'Payload Too Large');
  let parsed: z.infer<typeof RecordRequest>;
  try {
    parsed = RecordRequest.parse(JSON.parse(body));
  } catch {
    return answer(400, 'Bad Request: not a consent record');
  }
  const deadline = new AbortController();
  const expired = sleep(WRITE_TIMEOUT_MS, 'expired' as const, {
    signal: deadline.signal,
    ref: false,
  }).catch(() => 'expired' as const);
  try {
    const outcome = await Promise.race([
      write(config, parsed).then(() => 'written' as const),
      expired,
    ]);
    if (outcome === 'written') return answer(201, 'Created');
    console.error(`consent: a record was not written: no answer in ${WRITE_TIMEOUT_MS} ms`);
  } catch (error) {
    if ((error as { code?: string }).code === 'permission-denied')
      return answer(400, 'Bad Request: refused by the rules');
    console.error(`consent: a record was not written: ${(error as Error).message}`);
  } finally {
    deadline.abort();
  }
  return answer(503, 'Service Unavailable');
}

async function write(
  config: NonNullable<ReturnType<typeof backendConfig>>,
  parsed: z.infer<typeof RecordRequest>,
): Promise<void> {
  // Keep the text of the version published now; an older one was kept when it was shown.
  if (!kept.has(parsed.textVersion)) {
    const [common, privacyPolicy] = await Promise.all([
      loadDictionary(parsed.language, 'common'),
      loadDictionary(parsed.language, 'privacyPolicy'),
    ]);
    const shown = publishedBanner(common, privacyPolicy);
    if (shown && bannerVersion(shown) === parsed.textVersion) {
      await keepBannerText(
        serverDatabase(config.projectId),
        parsed.textVersion,
        parsed.language,
        shown,
      );
      kept.add(parsed.textVersion);
    }
  }
  await addConsentRecord(recordsDatabase(config), parsed);
}
