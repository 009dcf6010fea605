/**
 * `POST /api/release-check`: whether a content release may be published, asked by whoever
 * publishes it (the local API when a release is scheduled and again at its time). The site
 * reads every dictionary as it will be once the release is published (perspective
 * `[<release>]`), validates the ones the release changes and renders each beside the others
 * of the release, exactly as the gate would; nothing goes live and nothing is recorded.
 *
 * It also lists the texts whose English the release changes while their German or Turkish
 * stays as it was (or is missing): `outdated`, which blocks the release unless the body says
 * `"waiveOutdated": true` (the editor's recorded waiver), then reported only.
 *
 * Signed like the publish webhook (content/webhook.ts). Answers 200 `{status: "ready" |
 * "blocked", release, problems, outdated}`; 401 unsigned, 400 a body that is not
 * `{"release": "<name>", "waiveOutdated"?: boolean}`, 404 a release that changes no dictionary.
 */
import 'server-only';
import { checkedDictionaries, type PublishedNamespace } from '@/content/published';
import type { VersionsBeside } from '@/content/gate';
import { isReleaseName, versionId } from '@/content/perspective';
import type {
  OutdatedText,
  ReleaseCheckAnswer as ReleaseCheck,
  ReleaseProblem,
} from '@/content/release-check';
import { checkSignature, SIGNATURE_HEADER_NAME } from '@/content/webhook';
import { siteWebhookSecret } from '@/content/webhook-secret';
import { documentId, getDictionary, namespaceOfDocumentType, type Namespace } from '@/schemas';
import { TRANSLATED_LANGUAGES, type Language } from '@/schemas/languages';
import type { ContentProblem } from '@/schemas/problems';
import { sameEnglish } from '@/schemas/translation-status';
import { visitTexts } from '@/schemas/walk';
import { handedRenderCheck, siteContent } from '../dictionaries/site-gate';

export async function handleReleaseCheck(request: Request): Promise<Response> {
  // Whole: server.ts lets through only a complete body of at most REQUEST_BODY_LIMIT bytes.
  const body = await request.text();
  const refused = await checkSignature(
    body,
    request.headers.get(SIGNATURE_HEADER_NAME),
    (await siteWebhookSecret(process.env))?.secret,
  );
  const reject = (status: number, message: string) =>
    Response.json({ status: 'rejected', message }, { status });
  if (refused) return reject(refused.status, refused.message);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return reject(400, 'body is not JSON');
  }
  const { release, waiveOutdated } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof release !== 'string' || !isReleaseName(release))
    return reject(400, 'release must be the name of a release (letters, digits, - or _)');
  if (waiveOutdated !== undefined && typeof waiveOutdated !== 'boolean')
    return reject(400, 'waiveOutdated must be true or false');
  const check = await checkRelease(release, { waiveOutdated: waiveOutdated ?? false });
  if (!check)
    return Response.json(
      { status: 'not-found', release, message: `no release ${release} changes a dictionary` },
      { status: 404 },
    );
  return Response.json(check);
}

export async function checkRelease(
  release: string,
  { waiveOutdated }: { readonly waiveOutdated: boolean },
): Promise<ReleaseCheck | undefined> {
  const { store } = siteContent();
  const [inRelease, published] = await Promise.all([
    store.fetchDictionaries(undefined, { perspective: [release] }),
    store.fetchDictionaries(),
  ]);
  const ofRelease = versionId(release, '');
  const options = { strict: false, storeDescription: store.description };
  const checked = inRelease.flatMap((doc) => {
    const namespace = namespaceOfDocumentType(doc._type);
    const original = (doc as { _originalId?: string })._originalId;
    return namespace && original?.startsWith(ofRelease)
      ? [checkedDictionaries(namespace, doc, options)]
      : [];
  });
  if (checked.length === 0) return undefined;
  // Each version renders beside the release's other versions: the pages as they will be.
  const valid = checked.filter((version) => version.problems.length === 0);
  const beside = Object.fromEntries(
    valid.map((version) => [version.namespace, version.languages]),
  ) as VersionsBeside;
  const problems = checked.flatMap((version) => version.problems);
  for (const version of valid)
    problems.push(...(await handedRenderCheck(version.namespace, version.languages, beside)));
  const before = new Map(published.map((doc) => [doc._id, doc]));
  const outdated = checked.flatMap((version) =>
    outdatedTexts(
      version,
      checkedDictionaries(version.namespace, before.get(documentId(version.namespace)), options),
    ),
  );
  return {
    status: problems.length || (outdated.length && !waiveOutdated) ? 'blocked' : 'ready',
    release,
    problems: problems.map(releaseProblem),
    outdated,
  };
}

/** `dictionary-hero (de)` → the document and the language. */
function releaseProblem({ file, path, message }: ContentProblem): ReleaseProblem {
  const [, document = file, language] = /^(\S+) \((\w+)\)$/.exec(file) ?? [];
  return {
    document,
    ...(language ? { language: language as Language } : {}),
    ...(path ? { path } : {}),
    message,
  };
}

/** Every text of a language's JSON by key path. */
function textsOf(namespace: Namespace, value: unknown): Map<string, string | undefined> {
  const texts = new Map<string, string | undefined>();
  visitTexts(getDictionary(namespace).root, value, (text, path) => texts.set(path, text));
  return texts;
}

/**
 * The texts whose English the release changes while a translation stays what it was, or is
 * missing (the site would show English there).
 */
function outdatedTexts(version: PublishedNamespace, before: PublishedNamespace): OutdatedText[] {
  const { namespace } = version;
  const english = textsOf(namespace, version.languages.en);
  const englishBefore = textsOf(namespace, before.languages.en);
  const outdated: OutdatedText[] = [];
  for (const language of TRANSLATED_LANGUAGES) {
    const missing = new Set(version.coverage[language]?.fallbacks ?? []);
    const translated = textsOf(namespace, version.languages[language]);
    const translatedBefore = textsOf(namespace, before.languages[language]);
    for (const [path, text] of english) {
      const was = englishBefore.get(path);
      if (text === undefined || (was !== undefined && sameEnglish(was, text))) continue;
      const unchanged = was !== undefined && translated.get(path) === translatedBefore.get(path);
      if (missing.has(path) || unchanged)
        outdated.push({ document: documentId(namespace), language, path });
    }
  }
  return outdated;
}
