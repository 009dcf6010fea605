/**
 * What a visitor agrees to in the cookie banner: these texts of `common.cookieBanner` and the
 * privacy policy's `lastUpdated`, in the visitor's language. The site versions them and asks
 * every visitor again when they change (web/consent/version.ts); the Studio says so before
 * such a change is published (studio/consent-prompt.ts).
 */
import { getDictionary, type Namespace } from './index';
import { LANGUAGES, type Language } from './languages';
import { splitDocument } from './walk';

export const BANNER_CONSENT_KEYS = ['title', 'body', 'linkLabel', 'accept', 'decline'] as const;

/** The texts of a dictionary that are part of the consent text, as key paths; none: []. */
export function consentTextPaths(namespace: Namespace): readonly (readonly string[])[] {
  if (namespace === 'common') return BANNER_CONSENT_KEYS.map((key) => ['cookieBanner', key]);
  if (namespace === 'privacyPolicy') return [['lastUpdated']];
  return [];
}

/** A text as the site shows it from a stored (Studio) document: in `language`, trimmed. */
function shownText(
  namespace: Namespace,
  document: object,
  language: Language,
  path: readonly string[],
): string {
  const { value } = splitDocument(getDictionary(namespace), document, language, '');
  let node: unknown = value;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return typeof node === 'string' ? node.trim() : '';
}

/**
 * The languages whose consent text a draft changes against the published document: publishing
 * it asks every visitor who chose in them again (none: it asks no one).
 */
export function languagesAskedAgain(
  namespace: Namespace,
  draft: object | null | undefined,
  published: object | null | undefined,
): Language[] {
  const paths = consentTextPaths(namespace);
  if (!draft || !published || paths.length === 0) return [];
  return LANGUAGES.filter((language) =>
    paths.some(
      (path) =>
        shownText(namespace, draft, language, path) !==
        shownText(namespace, published, language, path),
    ),
  );
}
