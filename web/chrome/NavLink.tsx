/**
 * Header links: external links are plain anchors; internal ones navigate in-app,
 * localised. The current route is highlighted and marked aria-current="page"; disabled
 * links are dimmed and not clickable. Rendered on the server: the page knows its path.
 */
import Link from 'next/link';
import type { Language } from '@/schemas/languages';
import type { HeaderLink } from '@/web/chrome/models';
import { isInternalHref, stripLanguage, withLanguage } from '../i18n/paths';

function NavLink({
  link,
  language,
  currentPath,
  prefetch,
}: {
  link: HeaderLink;
  language: Language;
  currentPath: string | null;
  prefetch?: false | undefined;
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
      {...(isCurrent && { 'aria-current': 'page' })}
      {...(prefetch === false && { prefetch: false })}
    >
      {link.name}
    </Link>
  );
}

export function NavList({
  links,
  language,
  currentPath,
  className,
  prefetch,
}: {
  links: readonly HeaderLink[];
  language: Language;
  currentPath: string | null;
  className: string;
  /** false: the pages are not fetched ahead when the links come into view. */
  prefetch?: false | undefined;
}) {
  if (links.length === 0) return null;
  return (
    <ul className={className}>
      {/* Keys by position: the lists never reorder in the browser, and every key is also
          sent in the hydration data of every page. */}
      {links.map((link, index) => (
        <li key={index}>
          <NavLink link={link} language={language} currentPath={currentPath} prefetch={prefetch} />
        </li>
      ))}
    </ul>
  );
}
