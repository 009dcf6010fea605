'use client';
/**
 * Header links (§2.2): external links are plain anchors; internal ones navigate in-app,
 * localised. The current route is highlighted and marked aria-current="page"; disabled
 * links are dimmed and not clickable.
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { Language } from '@/schemas/languages';
import type { HeaderLink } from '@/schemas/normalise/chrome';
import { isInternalHref, stripLanguage, withLanguage } from '../i18n/paths';
import { pageSlugOf } from '../site/routing';

/**
 * The current page's path without language prefix (`/about`). On the not-found page it is
 * '/', both on the server (which renders the internal not-found route) and in the browser.
 */
export function useBarePath(): string {
  const slug = pageSlugOf(usePathname() ?? '/');
  return slug === null ? '/' : `/${slug}`;
}

function NavLink({
  link,
  language,
  currentPath,
}: {
  link: HeaderLink;
  language: Language;
  currentPath: string;
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
    <Link
      href={withLanguage(link.url, language)}
      className={className}
      aria-current={isCurrent ? 'page' : undefined}
    >
      {link.name}
    </Link>
  );
}

export function NavList({
  links,
  language,
  className,
}: {
  links: readonly HeaderLink[];
  language: Language;
  className: string;
}) {
  const currentPath = useBarePath();
  if (links.length === 0) return null;
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={`${link.name}-${link.url}`}>
          <NavLink link={link} language={language} currentPath={currentPath} />
        </li>
      ))}
    </ul>
  );
}
