/**
 * React DOM's static renderer for tests: it awaits async server components as Next's server
 * does, and renders client components too (with a router that goes nowhere).
 */
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import type { ContextType, ReactNode } from 'react';
import { prerender } from 'react-dom/static';

const router = {
  back() {},
  forward() {},
  refresh() {},
  push() {},
  replace() {},
  prefetch() {},
} as unknown as ContextType<typeof AppRouterContext>;

/** The page's HTML; rejects with the first error any component threw. */
export async function renderHtml(tree: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <AppRouterContext.Provider value={router}>{tree}</AppRouterContext.Provider>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  if (errors.length) throw errors[0];
  return html;
}
