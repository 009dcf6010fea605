/**
 * The site's end of the publish webhook: check the delivery, run the namespace through
 * the content gate, and when its new version passes, expire the namespace's tag. That
 * tag is on every page (in every language) and every `/locales` file that shows the
 * namespace, and on nothing else; expiring it (rather than marking it stale) makes the
 * next request render fresh instead of serving the old copy once more.
 *
 * With several instances (REDIS_URL), the gate's decision and the expired tag are recorded
 * in Redis before the answer, so after a 200 no instance serves the old text; while Redis
 * cannot record them the answer is 503, and Sanity delivers again.
 */
import 'server-only';
import { revalidateTag } from 'next/cache';
import { after } from 'next/server';
import { ContentStoreUnreachable } from '@/content/gate';
import { translationCounts, type TranslationCounts } from '@/content/published';
import { readWebhook, SIGNATURE_HEADER_NAME, type WebhookAnswer } from '@/content/webhook';
import { siteWebhookSecret } from '@/content/webhook-secret';
import { documentId, type Namespace } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { ContentError, describeProblem, type ContentProblem } from '@/schemas/problems';
import { pagesReading } from '@/schemas/site';
import { pagePath } from '../i18n/paths';
import { cdnPurger } from './cdn-purge';
import { REQUEST_BODY_LIMIT } from '../edge/http-edge';
import { isRedisUnavailable } from '../shared-cache/redis-connection';
import { keepLiveVersion } from './keep-live-version';
import { dictionaryTag, siteContent, type SiteContent } from './site-gate';

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
 * The body, read only up to REQUEST_BODY_LIMIT: a larger one is refused (413) without being
 * read whole (the production server refuses it earlier, from its Content-Length); a body
 * cut off by the client is answered 400 instead of becoming an uncaught error.
 */
async function limitedBody(request: Request): Promise<string | Response> {
  const tooLarge = () =>
    answer(
      { status: 'rejected', message: `the body is larger than ${REQUEST_BODY_LIMIT} bytes` },
      { status: 413 },
    );
  if (Number(request.headers.get('content-length') ?? 0) > REQUEST_BODY_LIMIT) return tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = request.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      size += chunk.value.length;
      if (size > REQUEST_BODY_LIMIT) {
        await reader?.cancel();
        return tooLarge();
      }
      chunks.push(chunk.value);
    }
  } catch {
    return answer({ status: 'rejected', message: 'the body was cut off' }, { status: 400 });
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function handlePublishWebhook(request: Request): Promise<Response> {
  const body = await limitedBody(request);
  if (body instanceof Response) return body;
  const delivery = await readWebhook(
    body,
    request.headers.get(SIGNATURE_HEADER_NAME),
    (await siteWebhookSecret(process.env))?.secret,
  );
  if (delivery.kind === 'rejected')
    return answer({ status: 'rejected', message: delivery.message }, { status: delivery.status });
  if (delivery.kind === 'ignored') return answer({ status: 'ignored', reason: delivery.reason });

  const { namespace } = delivery;
  let result;
  try {
    result = await siteContent().gate.refresh(namespace);
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
  if (result.state === 'unreachable')
    return unavailable(namespace, result.problems.map(describeProblem).join('; '));
  // Held back: nothing the site serves changes, so nothing is revalidated.
  const tags = result.state === 'live' ? [dictionaryTag(namespace)] : [];
  const notRecorded = await recordForEveryInstance(namespace, tags);
  // This instance's own cache, also when the record failed: it serves the new text at least.
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  if (notRecorded) return unavailable(namespace, notRecorded);
  // Outdated translations are reported, never held back: the site keeps serving them.
  const translations = translationCounts(result.coverage);
  if (result.state === 'held-back')
    return heldBack(delivery.document, namespace, result.problems, translations);
  // Kept before the answer, so a restore can find it as soon as the publish is answered.
  await keepLiveVersion(result, delivery);
  // The CDN in front is purged once this answer is out: Next applies revalidateTag on this
  // instance only when the handler has returned, and a purge before that let the edge fetch
  // the old page again. Its outcome is in /api/content-status (web/publish/cdn-purge.ts).
  const purger = cdnPurger();
  if (purger.cdn) after(() => purger.purge(tags));
  return answer({
    status: 'revalidated',
    namespace,
    document: delivery.document,
    ...pathsShowing(namespace),
    translations,
    cdnPurge: purger.cdn ? { cdn: purger.cdn, state: 'after-answer', tags } : { state: 'off' },
  });
}

/**
 * With several instances: the gate's decision and the expired tags, recorded in Redis for
 * every instance. Returns why that failed, or undefined once recorded (or with one instance).
 */
async function recordForEveryInstance(
  namespace: Namespace,
  tags: readonly string[],
  { shared }: SiteContent = siteContent(),
): Promise<string | undefined> {
  if (!shared) return undefined;
  try {
    await shared.share(namespace, tags);
    return undefined;
  } catch (error) {
    if (!isRedisUnavailable(error)) throw error;
    return `the shared cache could not record it (${error.message}); this instance serves the new version, the others do once Redis records it`;
  }
}

function heldBack(
  document: string,
  namespace: Namespace,
  problems: readonly ContentProblem[],
  translations?: TranslationCounts,
): Response {
  return answer({
    status: 'held-back',
    namespace,
    document,
    problems: problems.map(describeProblem),
    ...(translations ? { translations } : {}),
  });
}

/** 503: Sanity retries a delivery that failed, which is what a store outage needs. */
function unavailable(namespace: Namespace, message: string): Response {
  return answer(
    { status: 'unavailable', namespace, message },
    { status: 503, headers: { 'Retry-After': '10' } },
  );
}
