'use client';
/**
 * The field an outline stands for, under the outline in a preview: `Title › Main › German`,
 * the titles an editor meets on the way to it in the Studio's form (fieldTitles in
 * schemas/sanity/titles.ts). Sanity's own label above the outline names only the document
 * ("Hero"); a click opens this field.
 *
 * An overlay plugin of `@sanity/visual-editing` (a "HUD" drawn under the hovered outline),
 * given the edit info decoded from the text: the document's type and the field's path.
 */
import type { VisualEditingProps } from 'next-sanity/visual-editing/client-component';
import type { ComponentProps, CSSProperties } from 'react';
import { getDictionary, namespaceOfDocumentType } from '@/schemas';
import { fieldTitles } from '@/schemas/sanity/titles';

type OverlayPlugin = NonNullable<VisualEditingProps['plugins']>[number];
type HudContext = ComponentProps<NonNullable<OverlayPlugin['component']>>;

/** `Title › Main › German` for a field of a dictionary, or nothing for anything else. */
export function fieldLabel(documentType: string, path: string): string | undefined {
  const namespace = namespaceOfDocumentType(documentType);
  if (!namespace) return undefined;
  const titles = fieldTitles(getDictionary(namespace), path);
  return titles.length ? titles.join(' › ') : undefined;
}

/** Like Sanity's label above the outline (the overlay draws outside the site's styles). */
const LABEL_STYLE: CSSProperties = {
  padding: '2px 6px',
  borderRadius: 3,
  background: 'var(--card-focus-ring-color, #2276fc)',
  color: '#fff',
  font: '500 13px/1.4 system-ui, sans-serif',
  whiteSpace: 'nowrap',
};

function FieldLabel({ node }: HudContext) {
  const label = fieldLabel(node.type ?? '', node.path);
  if (!label) return null;
  return (
    <span style={LABEL_STYLE} data-testid="preview-field-label">
      {label}
    </span>
  );
}

export const fieldLabelPlugin: OverlayPlugin = {
  type: 'hud',
  name: 'rg-field-label',
  title: 'Field',
  component: FieldLabel,
  guard: (context) => fieldLabel(context.node.type ?? '', context.node.path) !== undefined,
};
