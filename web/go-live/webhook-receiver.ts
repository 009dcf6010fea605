/**
 * The site's end of the publish webhook: check the delivery, run every namespace that changed
 * in the store (the delivered one, and the rest of a release published with it) through the
 * content gate, and put them live together through `goLive` (web/go-live/go-live.ts): a
 * namespace's tag is on every page (in every language) and every `/locales` file that shows
 * it, and on nothing else.
 *
 * With several instances (REDIS_URL), the gate's decision, the expired tag and the CDN purge
 * are recorded in Redis before the answer, so after a 200 no instance serves the old text;
 * while Redis cannot record them the answer is 503 (Sanity delivers again, and the
 * reconciliation finishes the publish as soon as Redis answers).
 */
import 'server-only';
import { ContentStoreUnreachable, revisionOf } from '@/content/gate';
import {
  checkedDictionaries,
  translationCounts,
  type TranslationCounts,
} from '@/content/published';
import {
  readWebhook,
  SIGNATURE_HEADER_NAME,
  type SetMember,
  type WebhookAnswer,
} from '@/content/webhook';
import { CHALLENGE, siteProof } from '@/content/site-proof';
import { siteWebhookSecret } from '@/content/webhook-secret';
import { documentId, type Namespace } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { ContentError, describeProblem, type ContentProblem } from '@/schemas/problems';
import { pagesReading } from '@/schemas/site';
import { pagePath } from '@/schemas/language-paths';
import { goLiveChanges } from './go-live';
import { siteContent } from '../dictionaries/site-gate';

/** Every answer's body has the one shape the senders and tests read. */
const answer = (body: WebhookAnswer, init?: ResponseInit): Response => Response.json(body, init);

/** The public paths that show a namespace, and its `/locales` files. */
function pathsShowing(namespace: Namespace): { pages: string[]; locales: string[] } {
  return {
    pages: pagesReading(namespace).flatMap((page) =>
      LANGUAGES.map((language) => pagePath(page.slug, language)),
    ),
    locales: LANGUAGES.map((language) => `/locales/${language}/${namespace}.json`),
  };
}

/**
 * The body is read whole: server.ts lets through only a complete one of at most
 * REQUEST_BODY_LIMIT bytes (web/edge/http-edge.ts).
 */
export async function handlePublishWebhook(request: Request): Promise<Response> {
  const body = await request.text();
  const delivery = await readWebhook(
    body,
    request.headers.get(SIGNATURE_HEADER_NAME),
    (await siteWebhookSecret(process.env))?.secret,
  );
  if (delivery.kind === 'rejected')
    return answer({ status: 'rejected', message: delivery.message }, { status: delivery.status });
  if (delivery.kind === 'ignored') return answer({ status: 'ignored', reason: delivery.reason });

  // Any publish means "the store changed": every dictionary that differs from what the site
  // last made live goes live with the delivered one, as one step (web/go-live/go-live.ts).
  const { namespace } = delivery;
  const content = siteContent();
  let step;
  try {
    step = await goLiveChanges(content, delivery);
  } catch (error) {
    // A fault of the store, not of the copy: Sanity delivers again.
    if (error instanceof ContentStoreUnreachable)
      return unavailable(namespace, error.problems.map(describeProblem).join('; '));
    // Failing copy with no earlier good version to keep serving: still nothing to revalidate.
    if (error instanceof ContentError)
      return heldBack(delivery.document, namespace, error.problems);
    console.error(`publish webhook for ${documentId(namespace)}:`, error);
    return unavailable(namespace, 'the content store could not be read; nothing was revalidated');
  }
  const { changes, unreachable, wentLive } = step;
  if (unreachable.length)
    return unavailable(namespace, unreachable.map(describeProblem).join('; '));
  // Held back: nothing the site serves changes, so nothing is revalidated (goLive records
  // the decision for every instance all the same).
  if (wentLive?.notEverywhere) return unavailable(namespace, wentLive.notEverywhere);
  const together = (wentLive?.decided ?? [])
    .filter((decided) => decided.namespace !== namespace)
    .map((decided) => ({
      namespace: decided.namespace,
      document: documentId(decided.namespace),
      problems: decided.problems.map(describeProblem),
    }));
  const own = wentLive?.decided.find((decided) => decided.namespace === namespace);
  const document = changes.documents.get(documentId(namespace));
  // Outdated translations are reported, never held back: the site keeps serving them.
  const translations = translationCounts(
    checkedDictionaries(namespace, document, { strict: false, storeDescription: '' }).coverage,
  );
  // Not in the set: an earlier step decided on this revision (a release's first webhook).
  const decidedBefore = own ? undefined : (await content.snapshot.read(namespace))?.heldBack;
  const heldBackBefore = decidedBefore?.revision === revisionOf(document);
  if (own ? !own.live : heldBackBefore)
    return heldBack(
      delivery.document,
      namespace,
      own?.problems ?? decidedBefore?.problems ?? [],
      translations,
      together,
    );
  return answer({
    status: 'revalidated',
    namespace,
    document: delivery.document,
    ...pathsShowing(namespace),
    translations,
    cdnPurge: wentLive?.cdnPurge ?? { state: 'off' },
    ...(together.length ? { together } : {}),
  });
}

function heldBack(
  document: string,
  namespace: Namespace,
  problems: readonly ContentProblem[],
  translations?: TranslationCounts,
  together: readonly SetMember[] = [],
): Response {
  return answer({
    status: 'held-back',
    namespace,
    document,
    problems: problems.map(describeProblem),
    ...(translations ? { translations } : {}),
    ...(together.length ? { together } : {}),
  });
}

/** 503: Sanity retries a delivery that failed, which is what a store outage needs. */
function unavailable(namespace: Namespace, message: string): Response {
  return answer(
    { status: 'unavailable', namespace, message },
    { status: 503, headers: { 'Retry-After': '10' } },
  );
}

/**
 * `GET /api/revalidate?challenge=<random>`: the proof that this site holds the webhook secret
 * (content/site-proof.ts), which the local API asks for before it sends a publish here.
 */
export async function answerSiteChallenge(request: Request): Promise<Response> {
  const challenge = new URL(request.url).searchParams.get('challenge') ?? '';
  const noStore = { 'Cache-Control': 'no-store' };
  if (!CHALLENGE.test(challenge))
    return answer(
      { status: 'rejected', message: 'challenge must be 32 to 128 letters, digits, - or _' },
      { status: 400, headers: noStore },
    );
  const secret = await siteWebhookSecret(process.env);
  if (!secret)
    return answer(
      { status: 'rejected', message: 'this site has no webhook secret' },
      { status: 401, headers: noStore },
    );
  return Response.json({ proof: siteProof(challenge, secret.secret) }, { headers: noStore });
}
