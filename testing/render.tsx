/**
 * Rendering for render tests: sections and pages as static markup, with the German labels
 * every page's shared context carries. Models come from the real normalisers.
 */
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { UiContext } from '@/web/ui/context';

export const ui: UiContext = {
  language: 'de',
  labels: {
    skipToContent: 'Zum Inhalt',
    opensInNewTab: 'öffnet in neuem Tab',
    lastUpdated: 'Zuletzt aktualisiert:',
  },
};

export const html = (node: ReactNode) => renderToStaticMarkup(<>{node}</>);

/** The countdown asks for Next's router; outside a Next app, a router that goes nowhere. */
export function withRouter(node: ReactNode) {
  const router = {
    back() {},
    forward() {},
    refresh() {},
    push() {},
    replace() {},
    prefetch() {},
  } as unknown as React.ContextType<typeof AppRouterContext>;
  return <AppRouterContext.Provider value={router}>{node}</AppRouterContext.Provider>;
}
