/**
 * Tells the site that documents were published, with the same signed webhook Sanity
 * sends (one delivery per document, body `{_id, _type}`), so the local store gets the
 * same publish → live loop as a Sanity project. `npm run import-locales` uses it when
 * SITE_REVALIDATE_URL is set; `npm run studio` and `npm run local-api` call it after
 * each publish in the local API (by default to the site `npm start` serves).
 */
import { askReleaseCheck, type ReleaseCheckAnswer } from './release-check';
import { followUp, stateOfDelivery, type SiteState } from './site-state';
import type { TranslationCounts } from './published';
import { SettingsError } from './store-settings';
import { readSiteAddress } from './site-address';
import { isSiteProof, newChallenge } from './site-proof';
import { senderWebhookSecret, type WebhookSecret } from './webhook-secret';
import { sendPublishWebhook, type PublishedDocumentRef, type WebhookAnswer } from './webhook';

export interface PublishWebhookSettings {
  /** The site's webhook endpoint, e.g. http://localhost:3000/api/revalidate */
  readonly url: string;
  readonly secret: string;
  readonly secretSource: WebhookSecret['source'];
}

/** What became of one delivery to the site. */
export interface DeliveryOutcome {
  readonly document: string;
  /** The site's HTTP status, or null when it could not be reached. */
  readonly status: number | null;
  /**
   * The site's answer, or as text what came instead: why the site was not reached, or a body
   * that was not the site's JSON (a proxy's error page).
   */
  readonly answer: WebhookAnswer | string;
  /** Nothing was sent: the address did not prove it is this checkout's site. */
  readonly notThisSite?: true;
}

export type PublishWebhookSender = (
  documents: readonly PublishedDocumentRef[],
) => Promise<DeliveryOutcome[]>;

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

/** Why an address is not this checkout's site, and whether it answered at all. */
export interface SiteRefusal {
  readonly reached: boolean;
  readonly reason: string;
}

/**
 * Whether the site at `url` (its `/api/revalidate`) holds `secret`: it answers a fresh challenge
 * with its proof (content/site-proof.ts). Undefined when it does.
 */
export async function siteRefusal(url: string, secret: string): Promise<SiteRefusal | undefined> {
  const challenge = newChallenge();
  const address = new URL(url);
  address.searchParams.set('challenge', challenge);
  let response: Response;
  try {
    response = await fetch(address, { signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const message = error instanceof Error ? error.message : String(error);
    return { reached: false, reason: cause ? `${message} (${cause})` : message };
  }
  const body = (await response.json().catch(() => undefined)) as { proof?: unknown } | undefined;
  if (isSiteProof(body?.proof, challenge, secret)) return undefined;
  return {
    reached: true,
    reason:
      response.status === 200 && body?.proof !== undefined
        ? 'it checks another webhook secret'
        : `it did not prove it holds the webhook secret (it answered the challenge with ${response.status})`,
  };
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
  document: PublishedDocumentRef,
): Promise<DeliveryOutcome> {
  try {
    const response = await sendPublishWebhook(settings.url, document, settings.secret, {
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    const text = await response.text();
    return { document: document._id, status: response.status, answer: siteAnswer(text) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const message = error instanceof Error ? error.message : String(error);
    return {
      document: document._id,
      status: null,
      answer: cause ? `${message} (${cause})` : message,
    };
  }
}

/** The site's JSON answer, or the text as it came when it is not one (a proxy's page). */
function siteAnswer(text: string): WebhookAnswer | string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'status' in parsed)
      return parsed as WebhookAnswer;
  } catch {
    // Not JSON: reported as text below.
  }
  return text;
}

/** One line per delivery, for the scripts. */
export function describeDelivery(delivery: DeliveryOutcome): string {
  const { answer } = delivery;
  if (delivery.notThisSite) return `${delivery.document}: not sent: ${answer}`;
  if (delivery.status === null) return `${delivery.document}: site not reached (${answer})`;
  if (typeof answer === 'string') return `${delivery.document}: ${delivery.status} ${answer}`;
  const outdated = 'translations' in answer ? outdatedNote(answer.translations) : '';
  return `${delivery.document}: ${delivery.status} ${describeAnswer(answer)}${outdated}`;
}

function describeAnswer(answer: WebhookAnswer): string {
  switch (answer.status) {
    case 'revalidated':
      return `revalidated (${answer.pages.length} page(s), ${answer.locales.length} /locales file(s))`;
    case 'held-back':
      return `held back: ${answer.problems.join('; ')}`;
    case 'ignored':
      return `ignored: ${answer.reason}`;
    case 'rejected':
    case 'unavailable':
      return `${answer.status}: ${answer.message}`;
  }
}

/** "; outdated translations: de 2, tr 1; check warnings: de 1", when the site counted any. */
function outdatedNote(translations: TranslationCounts | undefined): string {
  const note = (figure: 'outdated' | 'warnings', label: string) => {
    const counted = Object.entries(translations ?? {})
      .filter(([, counts]) => (counts?.[figure] ?? 0) > 0)
      .map(([language, counts]) => `${language} ${counts?.[figure]}`);
    return counted.length ? `; ${label}: ${counted.join(', ')}` : '';
  };
  return note('outdated', 'outdated translations') + note('warnings', 'check warnings');
}

export interface PublishNotifier {
  /** Where publishes are sent and what they are signed with, for the start-up banner. */
  readonly target: string;
  /**
   * The site publishes go to now (SITE_REVALIDATE_URL, else the site announced beside the
   * store, else the default), whether it was announced, and why it is not this checkout's.
   */
  readonly site: () => Promise<{ origin: string; announced: boolean; refusal?: SiteRefusal }>;
  /** For `startLocalApi({ onPublished })`: sends the webhook, logs one line per document. */
  readonly onPublished: (documents: readonly PublishedDocumentRef[]) => Promise<void>;
  /** For `startLocalApi({ publishState })`: what became of the last publish of a document. */
  readonly publishState: (documentId: string) => Promise<SiteState>;
  /**
   * For `startLocalApi({ releaseCheck })`: the site's release check (content/release-check.ts);
   * undefined when the address is not this checkout's site, throws when it cannot be reached.
   */
  readonly releaseCheck: (
    release: string,
    options: { waiveOutdated: boolean },
  ) => Promise<ReleaseCheckAnswer | undefined>;
}

/**
 * The local API, as `npm run studio` and `npm run local-api` start it for people: after each
 * publish it sends the webhook to this checkout's site (SITE_REVALIDATE_URL, else the site
 * running on the same store, which announces itself beside it, else the one `npm start`
 * serves by default), once that site has proved it holds the webhook secret; and logs the
 * site's answer, one line per document, with what to do when the site did not take it. It
 * never throws: the publish is saved either way.
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
  const configured = readPublishWebhookSettings(localEnv, {
    defaultUrl: LOCAL_SITE_REVALIDATE_URL,
  })!;
  const isDefault = !env.SITE_REVALIDATE_URL?.trim();
  /** The settings for this publish: the site may have started, moved or stopped since. */
  const current = async (): Promise<PublishWebhookSettings> => {
    if (!isDefault) return configured;
    const announced = await readSiteAddress(storeFile).catch(() => undefined);
    return announced
      ? { ...configured, url: new URL('/api/revalidate', announced.url).href }
      : configured;
  };
  const signedWith =
    configured.secretSource === 'SANITY_REVALIDATE_SECRET'
      ? 'SANITY_REVALIDATE_SECRET'
      : `the secret in ${configured.secretSource.file}`;
  const delivered = new Map<string, { delivery: DeliveryOutcome; url: string }>();
  return {
    target: isDefault
      ? `the site running on ${storeFile} (signed with ${signedWith}; SITE_REVALIDATE_URL names another), else ${configured.url}`
      : `${configured.url} (signed with ${signedWith})`,
    async site() {
      const settings = await current();
      const refusal = await siteRefusal(settings.url, settings.secret);
      return {
        origin: new URL(settings.url).origin,
        announced: settings !== configured,
        ...(refusal && { refusal }),
      };
    },
    async onPublished(documents) {
      const settings = await current();
      const refusal = await siteRefusal(settings.url, settings.secret);
      const deliveries = refusal
        ? documents.map((doc): DeliveryOutcome => ({
            document: doc._id,
            status: null,
            ...(refusal.reached
              ? {
                  answer: `${new URL(settings.url).origin} is not this checkout's site: ${refusal.reason}; nothing was sent`,
                  notThisSite: true,
                }
              : { answer: refusal.reason }),
          }))
        : await senderFor(settings)(documents);
      for (const delivery of deliveries) {
        delivered.set(delivery.document, { delivery, url: settings.url });
        log(`publish → site: ${describeDelivery(delivery)}${hint(delivery, settings, storeFile)}`);
      }
    },
    async releaseCheck(release, options) {
      const settings = await current();
      const refusal = await siteRefusal(settings.url, settings.secret);
      if (refusal?.reached) return undefined;
      if (refusal)
        throw new Error(`the site at ${settings.url} was not reached: ${refusal.reason}`);
      return askReleaseCheck(settings.url, settings.secret, release, options);
    },
    async publishState(documentId) {
      const last = delivered.get(documentId);
      if (!last) return { state: 'none' };
      const { delivery, url } = last;
      if (delivery.status === null) return stateOfDelivery(delivery);
      try {
        const response = await fetch(new URL('/api/content-status', url), {
          headers: { authorization: `Bearer ${configured.secret}` },
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        });
        return followUp(delivery, await response.json());
      } catch {
        return stateOfDelivery(delivery);
      }
    },
  };
}

/** What to do when the site did not take a publish; empty when it did. */
function hint(
  delivery: DeliveryOutcome,
  settings: PublishWebhookSettings,
  storeFile: string,
): string {
  const site = new URL(settings.url).origin;
  if (delivery.notThisSite)
    return `. Is this checkout's site running (npm start)? It announces its address beside ${storeFile}; a site elsewhere needs SITE_REVALIDATE_URL and the same SANITY_REVALIDATE_SECRET.`;
  if (delivery.status === null)
    return ` at ${settings.url}. Is the site running (npm start)? The edit is saved: a running site picks it up by itself within CONTENT_RECONCILE_SECONDS (30 s) and when it starts.`;
  if (delivery.status === 401) {
    const { answer } = delivery;
    if (
      typeof answer !== 'string' &&
      answer.status === 'rejected' &&
      answer.message.includes('no webhook secret')
    )
      return ` (the site found no secret: does it serve ${storeFile}? Otherwise give both the same SANITY_REVALIDATE_SECRET)`;
    return settings.secretSource === 'SANITY_REVALIDATE_SECRET'
      ? ' (the site checks another secret: give it the same SANITY_REVALIDATE_SECRET)'
      : ' (the site checks another secret: give this command the same SANITY_REVALIDATE_SECRET as the site, or unset it on the site)';
  }
  if (delivery.status === 404 || delivery.status === 405)
    return ` (is ${site} this site? SITE_REVALIDATE_URL names the site's /api/revalidate)`;
  return '';
}
