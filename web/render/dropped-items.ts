/**
 * Presence across languages: an item (a job opening, an FAQ entry, a stat, a contact) the
 * site shows in one language and drops in another because a text it needs is empty there.
 * The site's own normalisers decide what is dropped (`keepComplete` in web/ui/presence.ts);
 * this runs them for each language and compares, so the rule is stated once.
 */
import { documentId, type DictionaryOf, type Namespace } from '@/schemas';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@/schemas/languages';
import { formatPath, type ContentProblem } from '@/schemas/problems';
import { normaliseFooter, normaliseHeader } from '../chrome/chrome-models';
import { normaliseLegal } from '../pages/legal-model';
import {
  normaliseAbout,
  normaliseCareers,
  normaliseContact,
  normaliseFaqPage,
  normaliseManifestoPage,
  normalisePitch,
  normalisePressKit,
  normalisePublishing,
} from '../pages/page-models';
import {
  normaliseDiscord,
  normaliseFaq,
  normaliseHero,
  normaliseManifesto,
  normaliseNewsletter,
  normalisePublisher,
} from '../sections/section-models';
import { droppedBy } from '../ui/presence';

type Normalisers = { readonly [N in Namespace]?: (value: DictionaryOf<N>) => unknown };

/** The normaliser of each namespace that has lists of items (as the pages call them). */
const NORMALISERS: Normalisers = {
  layout: normaliseHeader,
  // The year only fills the copyright line; it drops nothing.
  footer: (footer) => normaliseFooter(footer, 2000),
  hero: normaliseHero,
  manifesto: normaliseManifesto,
  faq: normaliseFaq,
  discord: normaliseDiscord,
  publisher: normalisePublisher,
  newsletter: normaliseNewsletter,
  manifestoPage: normaliseManifestoPage,
  about: normaliseAbout,
  contributions: normaliseCareers,
  pressKit: normalisePressKit,
  pitch: normalisePitch,
  publishing: normalisePublishing,
  faqPage: normaliseFaqPage,
  contact: normaliseContact,
  privacyPolicy: normaliseLegal,
  disclaimer: normaliseLegal,
  termsAndConditions: normaliseLegal,
  communityGuideline: normaliseLegal,
};

/** The key path of every object inside a list of a language's JSON. */
function itemPaths(value: unknown, path: (string | number)[], into: Map<unknown, string>): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (typeof item === 'object' && item !== null) into.set(item, formatPath([...path, index]));
      itemPaths(item, [...path, index], into);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) itemPaths(child, [...path, key], into);
  }
}

const names = (languages: readonly Language[]) =>
  languages.map((language) => LANGUAGE_NAMES[language]).join(' and ');

/**
 * A blocking problem for each item dropped in some languages and shown in others, named on
 * the item in each language that drops it.
 */
export function droppedItemProblems<N extends Namespace>(
  namespace: N,
  languages: Record<Language, DictionaryOf<N>>,
): ContentProblem[] {
  const normalise = NORMALISERS[namespace] as ((value: DictionaryOf<N>) => unknown) | undefined;
  if (!normalise) return [];
  const dropped = new Map<string, Language[]>();
  for (const language of LANGUAGES) {
    const paths = new Map<unknown, string>();
    itemPaths(languages[language], [], paths);
    for (const item of droppedBy(() => normalise(languages[language]))) {
      const path = paths.get(item);
      if (path !== undefined) dropped.set(path, [...(dropped.get(path) ?? []), language]);
    }
  }
  const problems: ContentProblem[] = [];
  for (const [path, droppedIn] of dropped) {
    const shownIn = LANGUAGES.filter((language) => !droppedIn.includes(language));
    if (shownIn.length === 0) continue;
    for (const language of droppedIn)
      problems.push({
        file: `${documentId(namespace)} (${language})`,
        path,
        message: `the item is shown in ${names(shownIn)} but dropped in ${LANGUAGE_NAMES[language]}, where a text it needs is empty`,
      });
  }
  return problems;
}
