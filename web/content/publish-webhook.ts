/**
 * The site's end of the publish webhook: check the delivery, run the namespace through
 * the content gate, and when its new version passes, expire the namespace's tag. That
 * tag is on every page (in every language) and every `/locales` file that shows the
 * namespace, and on nothing else; expiring it (rather than marking it stale) makes the
 * next request render fresh instead of serving the old copy once more.
 */
import 'server-only';
import { revalidateTag } from 'next/cache';
import { readWebhook, SIGNATURE_HEADER_NAME } from '@/content/webhook';
import { siteWebhookSecret } from '@/content/webhook-secret';
import { documentId, type Namespace } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { ContentError, describeProblem, type ContentProblem } from '@/schemas/problems';
import { pagesShowing } from '@/schemas/site';
import { pagePath } from '../i18n/paths';
import { keepLiveVersion } from './keep-live-version';
import { dictionaryTag, siteContent } from './site-gate';

/** The public paths that show a namespace, and its `/locales` files. */
function pathsShowing(namespace: Namespace): { pages: string[]; locales: string[] } {
  return {
    pages: pagesShowing(namespace).flatMap((page) =>
      LANGUAGES.map((language) => pagePath(page.slug, language)),
    ),
    locales: LANGUAGES.map((language) => `/locales/${language}/${namespace}.json`),
  };
}

export async function handlePublishWebhook(request: Request): Promise<Response> {
  const delivery = await readWebhook(
    await request.text(),
    request.headers.get(SIGNATURE_HEADER_NAME),
    (await siteWebhookSecret(process.env))?.secret,
  );
  if (delivery.kind === 'rejected')
    return Response.json(
      { status: 'rejected', message: delivery.message },
      { status: delivery.status },
    );
  if (delivery.kind === 'ignored')
    return Response.json({ status: 'ignored', reason: delivery.reason });

  const { namespace } = delivery;
  let result;
  try {
    result = await siteContent().gate.refresh(namespace);
  } catch (error) {
    // Failing copy with no earlier good version to keep serving: still nothing to revalidate.
    if (error instanceof ContentError)
      return heldBack(delivery.document, namespace, error.problems);
    console.error(`publish webhook for ${documentId(namespace)}:`, error);
    return unavailable(namespace, 'the content store could not be read; nothing was revalidated');
  }
  if (result.state === 'unreachable')
    return unavailable(namespace, result.problems.map(describeProblem).join('; '));
  // Nothing the site serves changes: the last good version stays, so nothing is revalidated.
  if (result.state === 'held-back') return heldBack(delivery.document, namespace, result.problems);
  revalidateTag(dictionaryTag(namespace), { expire: 0 });
  await keepLiveVersion(result, delivery);
  return Response.json({
    status: 'revalidated',
    namespace,
    document: delivery.document,
    ...pathsShowing(namespace),
  });
}

function heldBack(
  document: string,
  namespace: Namespace,
  problems: readonly ContentProblem[],
): Response {
  return Response.json({
    status: 'held-back',
    namespace,
    document,
    problems: problems.map(describeProblem),
  });
}

/** 503: Sanity retries a delivery that failed, which is what a store outage needs. */
function unavailable(namespace: Namespace, message: string): Response {
  return Response.json(
    { status: 'unavailable', namespace, message },
    { status: 503, headers: { 'Retry-After': '10' } },
  );
}
