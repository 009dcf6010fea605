/**
 * Header links: external links are plain anchors; internal ones navigate in-app,
 * localised. The current route is highlighted and marked aria-current="page"; disabled
 * links are dimmed and not clickable. Rendered on the server: the page knows its path.
 */
import type { ReactNode } from 'react';
import type { Language } from '@/schemas/languages';
import type { HeaderLink } from '@/web/chrome/chrome-models';
import { isInternalHref, stripLanguage, withLanguage } from '@/schemas/language-paths';

function NavLink({
  link,
  language,
  currentPath,
}: {
  link: HeaderLink;
  language: Language;
  currentPath: string | null;
}) {
  if (link.state === 'disabled') {
    return (
      <span className="nav-link nav-link--disabled" aria-disabled="true">
        {link.name}
      </span>
    );
  }
  const internal = isInternalHref(link.url);
  const isCurrent = internal && stripLanguage(link.url).split(/[?#]/)[0] === currentPath;
  const className = `nav-link${link.state === 'selected' || isCurrent ? ' nav-link--selected' : ''}`;
  if (!internal) {
    return (
      <a href={link.url} className={className} rel="noopener noreferrer">
        {link.name}
      </a>
    );
  }
  return (
    <a
      href={withLanguage(link.url, language)}
      className={className}
      {...(isCurrent && { 'aria-current': 'page' })}
    >
      {link.name}
    </a>
  );
}

/**
 * The list items of a header list, made once and given to both the bar and the phone menu: the
 * hydration data then sends them once and refers back to them the second time.
 */
export function navItems(
  links: readonly HeaderLink[],
  language: Language,
  currentPath: string | null,
): ReactNode[] {
  // Keys by position: the lists never reorder in the browser, and every key is also sent in the
  // hydration data of every page.
  return links.map((link, index) => (
    <li key={index}>
      <NavLink link={link} language={language} currentPath={currentPath} />
    </li>
  ));
}

export function NavList({ items, className }: { items: ReactNode[]; className: string }) {
  if (items.length === 0) return null;
  return <ul className={className}>{items}</ul>;
}
