/**
 * The Presentation tool as the top bar opens it: at the page that shows the dictionary being
 * edited, in the language the editor works in, with that dictionary beside the frame. Sanity
 * would open the site's home page in English with the home page's dictionary, whatever the
 * editor was doing. A link into the tool that names a page or a document (a Preview link,
 * click to edit, a shared address) opens as it says.
 */
import { useEffect, type ComponentType } from 'react';
import { useCurrentLocale, type Tool } from 'sanity';
import { useRouter } from 'sanity/router';
import { documentId, documentType } from '../schemas';
import { editingContext, rememberEditing } from './editing-context';
import { editorLanguage, pageShowing, previewOrigin } from './presentation';

interface PresentationState {
  readonly type?: string;
  readonly id?: string;
  readonly _searchParams?: readonly (readonly [string, string])[];
}

type ToolComponent = ComponentType<{ tool: Tool }>;

export function forEditor(PresentationTool: ToolComponent): ToolComponent {
  return function PresentationForEditor(props) {
    const router = useRouter();
    const locale = useCurrentLocale();
    const state = router.state as PresentationState;
    const preview = state._searchParams?.find(([key]) => key === 'preview')?.[1];
    const opensAsAsked = Boolean(preview || state.id);

    // The site shown now is the one later openings show too (npm start may pick any port).
    useEffect(() => {
      if (!preview) return;
      try {
        rememberEditing({ previewOrigin: new URL(preview, window.location.href).origin });
      } catch {
        // Not an address: Presentation itself says so.
      }
    }, [preview]);

    useEffect(() => {
      if (opensAsAsked) return;
      const context = editingContext();
      const language = editorLanguage(context, locale.id);
      const namespace = context.namespace;
      const path = namespace ? pageShowing(namespace, language) : pageShowing('home', language);
      router.navigate(
        {
          ...(namespace ? { type: documentType(namespace), id: documentId(namespace) } : {}),
          _searchParams: [['preview', `${previewOrigin(context)}${path}`]],
        },
        { replace: true },
      );
    }, [opensAsAsked, locale.id, router]);

    return opensAsAsked ? <PresentationTool {...props} /> : null;
  };
}
