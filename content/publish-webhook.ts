/**
 * Tells the site that documents were published, with the same signed webhook Sanity
 * sends (one delivery per document, body `{_id, _type}`), so the local store gets the
 * same publish → live loop as a Sanity project. `npm run import-locales` uses it when
 * SITE_REVALIDATE_URL is set; the local content API calls it after each publish.
 */
import { SettingsError } from './settings';
import { SIGNATURE_HEADER_NAME, signWebhook, type PublishedDocumentRef } from './webhook';

export interface PublishWebhookSettings {
  /** The site's webhook endpoint, e.g. http://localhost:3000/api/revalidate */
  readonly url: string;
  readonly secret: string;
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

/** null when SITE_REVALIDATE_URL is not set; an error naming the setting when it is malformed. */
export function readPublishWebhookSettings(
  env: Record<string, string | undefined>,
): PublishWebhookSettings | null {
  const url = env.SITE_REVALIDATE_URL?.trim();
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
  const secret = env.SANITY_REVALIDATE_SECRET?.trim();
  if (!secret)
    throw new SettingsError(
      'SITE_REVALIDATE_URL is set but SANITY_REVALIDATE_SECRET is missing: set the secret the site checks webhooks with.',
    );
  return { url, secret };
}

/** The sender, with its settings read once; undefined when no site address is configured. */
export function createPublishWebhookSender(
  env: Record<string, string | undefined> = process.env,
): PublishWebhookSender | undefined {
  const settings = readPublishWebhookSettings(env);
  if (!settings) return undefined;
  return async (documents) => {
    const unique = [...new Map(documents.map((doc) => [doc._id, doc])).values()];
    return Promise.all(unique.map((doc) => deliver(settings, doc)));
  };
}

async function deliver(
  settings: PublishWebhookSettings,
  { _id, _type }: PublishedDocumentRef,
): Promise<WebhookDelivery> {
  const body = JSON.stringify({ _id, _type });
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
    message?: string;
    reason?: string;
  };
  const detail =
    answer.status === 'held-back'
      ? `held back: ${answer.problems?.join('; ')}`
      : answer.message || answer.reason
        ? `${answer.status ?? 'error'}: ${answer.message ?? answer.reason}`
        : (answer.status ?? JSON.stringify(delivery.answer));
  return `${delivery.document}: ${delivery.status} ${detail}`;
}
