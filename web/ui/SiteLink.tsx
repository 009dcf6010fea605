'use client';
/**
 * The site's in-app link: Next's `<Link>` (client-side navigation), with the target page fetched
 * ahead only when the visitor points at the link, focuses it or touches it, not when it scrolls
 * into view. Fetching every visible link's page ahead cost each page view some 20 requests for
 * the pages in its header, footer and banner (two per page), and their parsing was most of the
 * main-thread work after a language switch (bench:interactions).
 */
import Link from 'next/link';
import { useState, type ComponentProps } from 'react';

export function SiteLink({
  href,
  ...rest
}: { href: string } & Omit<
  ComponentProps<typeof Link>,
  'href' | 'prefetch' | 'onMouseEnter' | 'onFocus' | 'onTouchStart'
>) {
  // Next's own pattern: from the first point, focus or touch on, the link prefetches as usual.
  const [wanted, setWanted] = useState(false);
  const ahead = () => setWanted(true);
  return (
    <Link
      {...rest}
      href={href}
      prefetch={wanted ? null : false}
      onMouseEnter={ahead}
      onFocus={ahead}
      onTouchStart={ahead}
    />
  );
}
