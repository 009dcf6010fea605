/**
 * Page heads and link-preview images for the routes: from the published dictionaries, or
 * in a preview from the drafts (heads without edit info, and never indexed).
 */
import 'server-only';
import type { Metadata } from 'next';
import type { Language } from '@/schemas/languages';
import type { SitePage } from '@/schemas/site';
import { loadDictionary } from '../dictionaries/loader';
import { loadHeadDictionary, previewState } from '../preview/page-dictionaries';
import { pageHead, socialImageTexts, withoutTitle } from './page-head';
import { socialImage } from './social-image';

/** A preview is for the editor alone: search engines must never index it. */
async function unlessPreview(metadata: Metadata): Promise<Metadata> {
  return (await previewState()) ? { ...metadata, robots: 'noindex, nofollow' } : metadata;
}

export async function pageMetadata(language: Language, page: SitePage): Promise<Metadata> {
  return unlessPreview(await pageHead(language, page, loadHeadDictionary));
}

/** The not-found page's head; its title is in its body (StatusPageTitle says why). */
export async function languageMetadata(language: Language): Promise<Metadata> {
  return unlessPreview(withoutTitle(await pageHead(language, null, loadHeadDictionary)));
}

/** The generated link-preview image named `name` (a page's slug, `home` or `not-found`). */
export async function socialImageFor(language: Language, name: string) {
  return socialImage(await socialImageTexts(language, name, loadDictionary));
}
