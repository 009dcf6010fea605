/**
 * A call to action: an external address opens in a new tab, an internal one uses
 * in-app navigation localised for the current language, and without an address it is a
 * plain button. Clicks are reported by ClientRuntime from the data attributes, the label's
 * text and the href.
 */
import type { ReactNode } from 'react';
import { hrefKind } from '@/schemas/rules';
import { isFilePath, withLanguage } from '@/schemas/language-paths';
import type { UiContext } from './context';

export type CtaVariant = 'primary' | 'secondary' | 'link';

export interface CtaProps {
  readonly label: string;
  readonly url?: string | undefined;
  readonly variant: CtaVariant;
  /** Which part of the page it belongs to, for the cta_click event. */
  readonly component: string;
  readonly ui: UiContext;
  readonly icon?: ReactNode;
}

export function Cta({ label, url, variant, component, ui, icon }: CtaProps) {
  const className = `cta cta--${variant}`;
  // The click report reads the label from the text and the destination from the href
  // (ClientRuntime): copies of them in attributes cost 0.2 KB per call to action.
  const track = { 'data-cta': component, 'data-cta-variant': variant };
  const content = (
    <>
      {icon}
      <span>{label}</span>
    </>
  );
  // An address that is none the site may link to (even if copy skipped validation)
  // renders as a plain button, never as a link.
  const kind = url ? hrefKind(url) : undefined;
  if (!url || !kind) {
    return (
      <button type="button" className={className} {...track}>
        {content}
      </button>
    );
  }
  if (kind === 'path' && isFilePath(url)) {
    // A download (the press kit): a plain link, never prefetched or routed in-app.
    return (
      <a href={url} className={className} download {...track}>
        {content}
      </a>
    );
  }
  if (kind === 'path') {
    const href = withLanguage(url, ui.language);
    return (
      <a href={href} className={className} {...track}>
        {content}
      </a>
    );
  }
  if (kind === 'mailto' || kind === 'fragment') {
    return (
      <a href={url} className={className} {...track}>
        {content}
      </a>
    );
  }
  return (
    <a href={url} className={className} target="_blank" rel="noopener noreferrer" {...track}>
      {content}
      <span className="visually-hidden"> ({ui.labels.opensInNewTab})</span>
    </a>
  );
}

export function CtaRow({ children }: { children: ReactNode }) {
  return <div className="cta-row">{children}</div>;
}
