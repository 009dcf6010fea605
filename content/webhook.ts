/**
 * The publish webhook, as Sanity sends it: a POST whose JSON body is the projection
 * `{_id, _type}` of the published document, signed with a shared secret in the
 * `sanity-webhook-signature` header (`t=<ms>,v1=<HMAC-SHA256>`). Signing and checking
 * use Sanity's own toolkit (@sanity/webhook); the site's endpoint and our sender share
 * this module, so both ends speak exactly the same protocol.
 */
import {
  decodeSignatureHeader,
  encodeSignatureHeader,
  isValidSignature,
  SIGNATURE_HEADER_NAME,
} from '@sanity/webhook';
import { documentId, namespaceOfDocumentType, type Namespace } from '@/schemas';
import type { TranslationCounts } from './published';

export { SIGNATURE_HEADER_NAME };

/** A signature older (or further in the future) than this is refused as stale. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

/** What the webhook carries: the projection `{_id, _type}` of the published document. */
export interface PublishedDocumentRef {
  readonly _id: string;
  readonly _type: string;
  /** Who published it, when the sender says (Sanity: `"publishedBy": identity()`). */
  readonly publishedBy?: string;
}

/**
 * What the site answers a delivery, in its JSON body. The receiver
 * (web/go-live/webhook-receiver.ts) writes it, the sender (./notify-site.ts) reads it, and
 * the tests of both check it, all with this one type.
 */
/**
 * Another dictionary that changed in the store with the delivered one (a release): it went
 * live with it, or was held back with it (`problems` says why).
 */
export interface SetMember {
  readonly namespace: Namespace;
  readonly document: string;
  readonly problems: readonly string[];
}

export type WebhookAnswer =
  /** 400, 401 or 413: the delivery was refused; nothing was read from the store. */
  | { readonly status: 'rejected'; readonly message: string }
  /** 200: not a published dictionary (another type, a draft, an unexpected id). */
  | { readonly status: 'ignored'; readonly reason: string }
  /** 200: the new version passed the gate; these pages and `/locales` files now show it. */
  | {
      readonly status: 'revalidated';
      readonly namespace: Namespace;
      readonly document: string;
      readonly pages: readonly string[];
      readonly locales: readonly string[];
      /** Per translated language: its texts, and how many are missing or outdated. */
      readonly translations: TranslationCounts;
      readonly cdnPurge:
        | { readonly state: 'off' }
        | {
            /** In the purge outbox, sent once this answer is out and retried until confirmed. */
            readonly state: 'queued';
            readonly cdn: string;
            readonly tags: readonly string[];
          };
      /** The others of the set that went live in the same step. */
      readonly together?: readonly SetMember[];
    }
  /** 200: the new version fails the gate; the site keeps serving the last good one. */
  | {
      readonly status: 'held-back';
      readonly namespace: Namespace;
      readonly document: string;
      readonly problems: readonly string[];
      readonly translations?: TranslationCounts;
      /** The others of the set, held back with it (none of a set goes live alone). */
      readonly together?: readonly SetMember[];
    }
  /** 503: the store or the shared cache could not be reached; Sanity delivers again. */
  | { readonly status: 'unavailable'; readonly namespace: Namespace; readonly message: string };

export type WebhookDelivery =
  | { readonly kind: 'rejected'; readonly status: 400 | 401; readonly message: string }
  | { readonly kind: 'ignored'; readonly reason: string }
  | {
      readonly kind: 'namespace';
      readonly namespace: Namespace;
      readonly document: string;
      readonly publishedBy: string | null;
    };

export function signWebhook(body: string, secret: string, now = Date.now()): Promise<string> {
  return encodeSignatureHeader(body, now, secret);
}

/**
 * Signs one delivery and POSTs it to the site's endpoint, as Sanity does: every sender (the
 * local API after a publish, the scripts, the benchmarks, the tests) goes through here, so
 * they all speak the protocol the receiver checks. `document` is the published document's
 * projection, or a body as it is (for tests of bodies Sanity would never send); `via`
 * answers the request instead of the network (a route handler under test).
 */
export async function sendPublishWebhook(
  url: string,
  document: PublishedDocumentRef | string,
  secret: string,
  options: {
    signedAt?: number | undefined;
    signal?: AbortSignal;
    via?: (request: Request) => Promise<Response>;
  } = {},
): Promise<Response> {
  const body =
    typeof document === 'string'
      ? document
      : JSON.stringify({
          _id: document._id,
          _type: document._type,
          ...(document.publishedBy ? { publishedBy: document.publishedBy } : {}),
        });
  const request = new Request(url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER_NAME]: await signWebhook(body, secret, options.signedAt),
    },
    signal: options.signal ?? null,
  });
  return (options.via ?? fetch)(request);
}

/**
 * Checks a signed request's signature and its age (the publish webhook and the release
 * check are signed alike): a rejection, or undefined when it passes.
 */
export async function checkSignature(
  body: string,
  signature: string | null,
  secret: string | undefined,
  now = Date.now(),
): Promise<Extract<WebhookDelivery, { kind: 'rejected' }> | undefined> {
  const reject = (message: string) => ({ kind: 'rejected', status: 401, message }) as const;
  if (!secret)
    return reject(
      'this site has no webhook secret (SANITY_REVALIDATE_SECRET; with the local store, the webhook-secret file a sender makes beside the dataset)',
    );
  if (!signature) return reject(`missing ${SIGNATURE_HEADER_NAME} header`);
  if (!(await isValidSignature(body, signature, secret))) return reject('invalid signature');
  const age = now - decodeSignatureHeader(signature).timestamp;
  if (Math.abs(age) > SIGNATURE_TOLERANCE_MS)
    return reject(`stale signature (signed ${Math.round(age / 1000)} s ago)`);
  return undefined;
}

/**
 * Checks one delivery: the signature first (nothing about the body is looked at or
 * answered before it passes), then its age, then the body.
 */
export async function readWebhook(
  body: string,
  signature: string | null,
  secret: string | undefined,
  now = Date.now(),
): Promise<WebhookDelivery> {
  const refused = await checkSignature(body, signature, secret, now);
  if (refused) return refused;
  const reject = (status: 400 | 401, message: string): WebhookDelivery => ({
    kind: 'rejected',
    status,
    message,
  });

  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return reject(400, 'body is not JSON');
  }
  if (
    typeof payload !== 'object' ||
    payload === null ||
    typeof (payload as Partial<PublishedDocumentRef>)._id !== 'string' ||
    typeof (payload as Partial<PublishedDocumentRef>)._type !== 'string'
  ) {
    return reject(400, 'body must be the projection {_id, _type} of the published document');
  }
  const { _id, _type, publishedBy } = payload as PublishedDocumentRef;
  const namespace = namespaceOfDocumentType(_type);
  if (!namespace) return { kind: 'ignored', reason: `not a dictionary document type: ${_type}` };
  if (_id !== documentId(namespace))
    return {
      kind: 'ignored',
      reason: `${_id} is not the published ${_type} (${documentId(namespace)})`,
    };
  return {
    kind: 'namespace',
    namespace,
    document: _id,
    publishedBy: typeof publishedBy === 'string' && publishedBy.length <= 200 ? publishedBy : null,
  };
}
