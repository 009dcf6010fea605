/**
 * Where a page's texts come from. The routes pass the live source (published dictionaries,
 * or a preview's drafts: web/preview/page-dictionaries.ts); the content gate's render check passes a
 * version it has not let through yet (web/render/render-check.tsx). Pages render the same
 * way from either.
 */
import type { DictionaryOf, Namespace } from '@/schemas';
import type { Language } from '@/schemas/languages';

/** A shown text (trimmed) → the language it is in, for the texts not in the page's language. */
export type ForeignTexts = Map<string, Language>;

export type LoadDictionary = <N extends Namespace>(
  language: Language,
  namespace: N,
) => Promise<DictionaryOf<N>>;

export interface PageSource {
  /** Texts of the page's body (in a preview: the drafts, with click-to-edit info). */
  readonly body: LoadDictionary;
  /** Texts of the head and structured data (in a preview: the drafts as written). */
  readonly head: LoadDictionary;
  /** The preview this request asks for, or null. */
  readonly preview: PreviewState | null;
  /**
   * The published banner changes marked wording only (schemas/consent-text.ts); absent where
   * no visitor's consent is checked (a render check).
   */
  readonly consentWordingOnly?: () => Promise<unknown>;
  /**
   * Filled by `body` with the texts it gives in another language than the one asked for
   * (English fallbacks), for the page to mark with their `lang`; absent where nothing is
   * read out (a render check).
   */
  readonly foreignTexts?: ForeignTexts;
}

/** What a preview (draft mode, web/preview/) asks of the page. */
export interface PreviewState {
  /** Keys mode (`?keys=1`): texts show their `namespace:key.path`. */
  readonly keys: boolean;
  readonly studioUrl: string;
  /**
   * What the preview reads (web/preview/preview-perspective.ts): the drafts, or a stack of
   * releases whose first one click to edit opens.
   */
  readonly perspective: 'drafts' | readonly [string, ...string[]];
}
