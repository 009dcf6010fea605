/**
 * Tells the site that documents were published, with the same signed webhook Sanity
 * sends (one delivery per document, body `{_id, _type}`), so the local store gets the
 * same publish → live loop as a Sanity project. `npm run import-locales` uses it when
 * SITE_REVALIDATE_URL is set; `npm run studio` and `npm run content-api` call it after
 * each publish in the local content API (by default to the site `npm start` serves).
 */
import type { TranslationCounts } from './published';
import { SettingsError } from './settings';
import { senderWebhookSecret, type WebhookSecret } from './webhook-secret';
import { SIGNATURE_HEADER_NAME, signWebhook, type PublishedDocumentRef } from './webhook';

export interface PublishWebhookSettings {
  /** The site's webhook endpoint, e.g. http://localhost:3000/api/revalidate */
  readonly url: string;
  readonly secret: string;
  readonly secretSource: WebhookSecret['source'];
}

export interface WebhookDelivery {
  readonly document: string;
  /** The site's HTTP status, or null when it could not be reached. */
  readonly status: number | null;
  /** The site's answer (`{status: 'revalidated' | 'held-back' | …}`) or why it failed. */
  readonly answer: unknown;
}

export type PublishWebhookSender = (
  documents: readonly PublishedDocumentRef[],
) => Promise<WebhookDelivery[]>;

const DELIVERY_TIMEOUT_MS = 15_000;

/** Where `npm start` serves the site's webhook endpoint. */
export const LOCAL_SITE_REVALIDATE_URL = 'http://localhost:3000/api/revalidate';

/**
 * null when SITE_REVALIDATE_URL is not set (and no `defaultUrl` is given); an error naming
 * the setting when it is malformed. The secret comes from SANITY_REVALIDATE_SECRET, or for
 * the local store from its shared secret file (made when missing).
 */
export function readPublishWebhookSettings(
  env: Record<string, string | undefined>,
  { defaultUrl }: { defaultUrl?: string } = {},
): PublishWebhookSettings | null {
  const url = env.SITE_REVALIDATE_URL?.trim() || defaultUrl;
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SettingsError(
      `SITE_REVALIDATE_URL "${url}" is not an absolute URL (e.g. http://localhost:3000/api/revalidate).`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new SettingsError(`SITE_REVALIDATE_URL "${url}" must be an http:// or https:// URL.`);
  const { secret, source } = senderWebhookSecret(env);
  return { url, secret, secretSource: source };
}

/** The sender, with its settings read once; undefined when no site address is configured. */
export function createPublishWebhookSender(
  env: Record<string, string | undefined> = process.env,
  options: { defaultUrl?: string } = {},
): PublishWebhookSender | undefined {
  const settings = readPublishWebhookSettings(env, options);
  if (!settings) return undefined;
  return senderFor(settings);
}

function senderFor(settings: PublishWebhookSettings): PublishWebhookSender {
  return async (documents) => {
    const unique = [...new Map(documents.map((doc) => [doc._id, doc])).values()];
    return Promise.all(unique.map((doc) => deliver(settings, doc)));
  };
}

async function deliver(
  settings: PublishWebhookSettings,
  { _id, _type, publishedBy }: PublishedDocumentRef,
): Promise<WebhookDelivery> {
  const body = JSON.stringify({ _id, _type, ...(publishedBy ? { publishedBy } : {}) });
  try {
    const response = await fetch(settings.url, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER_NAME]: await signWebhook(body, settings.secret),
      },
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    const text = await response.text();
    let answer: unknown = text;
    try {
      answer = JSON.parse(text);
    } catch {
      // Not JSON (e.g. a proxy's error page): report the text as it came.
    }
    return { document: _id, status: response.status, answer };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const message = error instanceof Error ? error.message : String(error);
    return { document: _id, status: null, answer: cause ? `${message} (${cause})` : message };
  }
}

/** One line per delivery, for the scripts. */
export function describeDelivery(delivery: WebhookDelivery): string {
  if (delivery.status === null)
    return `${delivery.document}: site not reached (${String(delivery.answer)})`;
  const answer = (delivery.answer ?? {}) as {
    status?: string;
    problems?: string[];
    pages?: string[];
    locales?: string[];
    message?: string;
    reason?: string;
    translations?: TranslationCounts;
  };
  const detail =
    answer.status === 'held-back'
      ? `held back: ${answer.problems?.join('; ')}`
      : answer.status === 'revalidated' && answer.pages && answer.locales
        ? `revalidated (${answer.pages.length} page(s), ${answer.locales.length} /locales file(s))`
        : answer.message || answer.reason
          ? `${answer.status ?? 'error'}: ${answer.message ?? answer.reason}`
          : (answer.status ?? JSON.stringify(delivery.answer));
  return `${delivery.document}: ${delivery.status} ${detail}${outdatedNote(answer.translations)}`;
}

/** "; outdated translations: de 2, tr 1", when the site counted any. */
function outdatedNote(translations: TranslationCounts | undefined): string {
  const outdated = Object.entries(translations ?? {})
    .filter(([, counts]) => (counts?.outdated ?? 0) > 0)
    .map(([language, counts]) => `${language} ${counts?.outdated}`);
  return outdated.length ? `; outdated translations: ${outdated.join(', ')}` : '';
}

export interface PublishNotifier {
  /** Where publishes are sent and what they are signed with, for the start-up banner. */
  readonly target: string;
  /** For `startContentApi({ onPublished })`: sends the webhook, logs one line per document. */
  readonly onPublished: (documents: readonly PublishedDocumentRef[]) => Promise<void>;
}

/**
 * The local content API, as `npm run studio` and `npm run content-api` start it for people:
 * after each publish it sends the webhook to the site (SITE_REVALIDATE_URL, by default the
 * one `npm start` serves) and logs the site's answer, one line per document, with what to
 * do when the site did not take it. It never throws: the publish is saved either way.
 */
export function localPublishNotifier(
  env: Record<string, string | undefined>,
  { storeFile, log }: { storeFile: string; log: (line: string) => void },
): PublishNotifier {
  // The API serves this local file, whatever Sanity settings the shell holds for scripts.
  const localEnv = {
    ...env,
    SANITY_PROJECT_ID: undefined,
    SANITY_DATASET: undefined,
    SANITY_API_TOKEN: undefined,
    CONTENT_STORE_FILE: storeFile,
  };
  const settings = readPublishWebhookSettings(localEnv, {
    defaultUrl: LOCAL_SITE_REVALIDATE_URL,
  })!;
  const send = senderFor(settings);
  const signedWith =
    settings.secretSource === 'SANITY_REVALIDATE_SECRET'
      ? 'SANITY_REVALIDATE_SECRET'
      : `the secret in ${settings.secretSource.file}`;
  const isDefault = !env.SITE_REVALIDATE_URL?.trim();
  return {
    target: `${settings.url} (signed with ${signedWith}${isDefault ? '; SITE_REVALIDATE_URL changes it' : ''})`,
    async onPublished(documents) {
      for (const delivery of await send(documents))
        log(`publish → site: ${describeDelivery(delivery)}${hint(delivery, settings, storeFile)}`);
    },
  };
}

/** What to do when the site did not take a publish; empty when it did. */
function hint(
  delivery: WebhookDelivery,
  settings: PublishWebhookSettings,
  storeFile: string,
): string {
  const site = new URL(settings.url).origin;
  if (delivery.status === null)
    return ` at ${settings.url}. Is the site running (npm start)? The edit is saved: the site shows it after the next publish of this dictionary that reaches it, or after its next build.`;
  if (delivery.status === 401) {
    const message = String((delivery.answer as { message?: unknown } | null)?.message ?? '');
    if (message.includes('no webhook secret'))
      return ` (the site found no secret: does it serve ${storeFile}? Otherwise give both the same SANITY_REVALIDATE_SECRET)`;
    return settings.secretSource === 'SANITY_REVALIDATE_SECRET'
      ? ' (the site checks another secret: give it the same SANITY_REVALIDATE_SECRET)'
      : ' (the site checks another secret: give this command the same SANITY_REVALIDATE_SECRET as the site, or unset it on the site)';
  }
  if (delivery.status === 404 || delivery.status === 405)
    return ` (is ${site} this site? SITE_REVALIDATE_URL names the site's /api/revalidate)`;
  return '';
}
