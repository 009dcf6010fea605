/**
 * What pages read: published dictionaries for visitors, drafts (or a release) for editors in
 * draft mode.
 *
 * Outside draft mode this is the one cached loader (web/dictionaries/loader.ts) and nothing
 * else. In draft mode each namespace is read from the store in the perspective Presentation
 * shows (./preview-perspective.ts: the drafts, a draft where one exists, else the published
 * document; or a release's versions over those) on every request: past the content
 * gate, its last good versions and Next's data cache, so a draft is never cached and never
 * becomes what a visitor gets. Next renders draft-mode requests on demand and stores
 * nothing of them. Route handlers (`/locales`, preview images, the press kit) read only
 * the published loader, whatever cookie a request carries.
 */
import 'server-only';
import { cookies, draftMode, headers } from 'next/headers';
import { cache } from 'react';
import { documentId, type DictionaryOf, type Namespace } from '@/schemas';
import { withFacts } from '@/schemas/facts';
import type { Language } from '@/schemas/languages';
import { siteContent } from '../dictionaries/site-gate';
import { loadConsentWordingOnly, loadDictionary, loadForeignTexts } from '../dictionaries/loader';
import { foreignTextsOf } from '../i18n/foreign-texts';
import type { ForeignTexts } from '../site/page-source';
import type { PageSource, PreviewState } from '../site/page-source';
import { previewDictionary } from './annotate';
import { editedRelease, previewPerspective } from './preview-perspective';
import {
  PREVIEW_PERSPECTIVE,
  PREVIEW_KEYS_HEADER,
  PREVIEW_PERSPECTIVE_HEADER,
  readPreviewSettings,
} from './preview-settings';

/** The preview this request asks for, or null for a visitor (and at build time). */
export const previewState = cache(async (): Promise<PreviewState | null> => {
  if (!(await draftMode()).isEnabled) return null;
  // Read only in draft mode: reading request headers makes a render dynamic.
  const keys = (await headers()).get(PREVIEW_KEYS_HEADER) === '1';
  // The page's own address first: Presentation reloads the frame with another perspective in it
  // when the editor switches, while the cookie keeps the one the preview was entered with.
  const asked =
    (await headers()).get(PREVIEW_PERSPECTIVE_HEADER) ??
    (await cookies()).get(PREVIEW_PERSPECTIVE)?.value;
  const perspective = previewPerspective(asked);
  return { keys, studioUrl: readPreviewSettings().studioUrl, perspective };
});

/**
 * Every dictionary in the preview's perspective, read once per render: a page shows a dozen
 * dictionaries, and one read of the store (a file, or one query to Sanity) takes about what
 * one dictionary's does. Typing in Presentation waits for this render (bench:preview).
 */
const draftDocuments = cache(async () =>
  siteContent().store.fetchDictionaries(undefined, {
    perspective: (await previewState())?.perspective ?? 'drafts',
  }),
);

const draftDocument = cache(async (namespace: Namespace) =>
  (await draftDocuments()).find((document) => document._id === documentId(namespace)),
);

/** The facts as drafted, filled into the drafted texts as the site fills the published ones. */
const draftFacts = cache(async () =>
  previewDictionary('facts', await draftDocument('facts'), 'en'),
);

const annotated = cache(
  async <N extends Namespace>(language: Language, namespace: N, preview: PreviewState) =>
    withFacts(
      namespace,
      previewDictionary(namespace, await draftDocument(namespace), language, {
        ...preview,
        release: editedRelease(preview.perspective),
      }),
      await draftFacts(),
    ),
);

const plain = cache(async <N extends Namespace>(language: Language, namespace: N) =>
  withFacts(
    namespace,
    previewDictionary(namespace, await draftDocument(namespace), language),
    await draftFacts(),
  ),
);

/** A dictionary for a page's body: in a preview, the draft with click-to-edit info. */
export async function loadPageDictionary<N extends Namespace>(
  language: Language,
  namespace: N,
): Promise<DictionaryOf<N>> {
  const preview = await previewState();
  if (!preview) return loadDictionary(language, namespace);
  return annotated(language, namespace, preview);
}

/**
 * A dictionary for a page's head and structured data: in a preview, the draft as written,
 * without edit info (nothing decodes it there, and search engines and link previews must
 * never see it).
 */
export async function loadHeadDictionary<N extends Namespace>(
  language: Language,
  namespace: N,
): Promise<DictionaryOf<N>> {
  if (!(await previewState())) return loadDictionary(language, namespace);
  return plain(language, namespace);
}

async function foreignTexts(language: Language, namespace: Namespace) {
  if (!(await previewState())) return loadForeignTexts(language, namespace);
  return foreignTextsOf(namespace, await draftDocument(namespace), language);
}

/** What a page route renders from: the published dictionaries, or in a preview the drafts. */
export async function pageSource(): Promise<PageSource> {
  const foreign: ForeignTexts = new Map();
  return {
    body: async (language, namespace) => {
      for (const [text, shownIn] of await foreignTexts(language, namespace))
        foreign.set(text, shownIn);
      return loadPageDictionary(language, namespace);
    },
    head: loadHeadDictionary,
    preview: await previewState(),
    consentWordingOnly: loadConsentWordingOnly,
    foreignTexts: foreign,
  };
}
