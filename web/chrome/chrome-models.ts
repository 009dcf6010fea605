/** Header and footer view models: links and sections missing a required text are dropped. */
import type { DictionaryOf } from '@/schemas';
import { HEADER_LINK_STATES, SOCIAL_PLATFORMS } from '@/schemas/dictionaries/chrome';
import { fillPlaceholders } from '@/schemas/lookup';
import { keepComplete, presentHref, presentText } from '@/web/ui/presence';

export type HeaderLinkState = (typeof HEADER_LINK_STATES)[number];
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export interface HeaderLink {
  readonly name: string;
  readonly url: string;
  readonly isPrimary: boolean;
  readonly state?: HeaderLinkState;
}

export interface HeaderModel {
  readonly homeUrl: string;
  readonly wordmark: string;
  readonly homeLabel: string;
  readonly navLabel: string;
  readonly primary: HeaderLink[];
  readonly secondary: HeaderLink[];
  readonly menu: DictionaryOf<'layout'>['menu'];
}

export type HeaderLinkValue = NonNullable<DictionaryOf<'layout'>['header']['links']>[number];

/** Checked at run time as well: copy that bypassed validation must not break the header. */
const isHeaderLinkState = (value: unknown): value is HeaderLinkState =>
  HEADER_LINK_STATES.some((state) => state === value);

export function normaliseHeaderLink(link: HeaderLinkValue): HeaderLink | undefined {
  const name = presentText(link.name);
  const url = presentHref(link.url);
  if (!name || !url || typeof link.isPrimary !== 'boolean') return undefined;
  const state = isHeaderLinkState(link.state) ? link.state : undefined;
  return { name, url, isPrimary: link.isPrimary, ...(state && { state }) };
}

/** Null when no valid link remains: the header is then not rendered. */
export function normaliseHeader(layout: DictionaryOf<'layout'>): HeaderModel | null {
  const links = keepComplete(layout.header.links, normaliseHeaderLink);
  if (links.length === 0) return null;
  return {
    homeUrl: presentHref(layout.brand.homeUrl) ?? '/',
    wordmark: presentText(layout.brand.wordmark) ?? 'RG',
    homeLabel: layout.brand.homeLabel,
    navLabel: layout.header.navLabel,
    primary: links.filter((l) => l.isPrimary),
    secondary: links.filter((l) => !l.isPrimary),
    menu: layout.menu,
  };
}

export const MAX_FOOTER_SECTIONS = 3;

export interface FooterModel {
  readonly brand: { name: string; homeUrl: string; tagline?: string };
  readonly sections: { header: string; links: { name: string; url: string }[] }[];
  readonly social?: {
    header?: string;
    links: { platform: SocialPlatform; url: string; label: string }[];
  };
  /** The copyright line for `year`. */
  readonly copyright: string;
  /**
   * The same line split where {year} goes (brand filled in), so a page can show the
   * visitor's current year without being rebuilt: parts.join(year) === copyright.
   */
  readonly copyrightParts: readonly string[];
}

/**
 * `inserted` prepares a text filled into another (the brand into the copyright line): a
 * preview strips its edit info there, so the line names the template it comes from.
 */
export function normaliseFooter(
  footer: DictionaryOf<'footer'>,
  year: number,
  inserted: (text: string) => string = (text) => text,
): FooterModel | null {
  const name = presentText(footer.brand.name);
  const template = presentText(footer.copyrightTemplate);
  const sections = keepComplete(footer.sections, (section) => {
    const header = presentText(section.header);
    const links = keepComplete(section.links, (link) => {
      const name = presentText(link.name);
      const url = presentHref(link.url);
      return name && url ? { name, url } : undefined;
    });
    return header && links.length > 0 ? { header, links } : undefined;
  }).slice(0, MAX_FOOTER_SECTIONS);
  if (!name || !template || sections.length === 0) return null;

  const socialLinks = keepComplete(footer.social.links, (link) => {
    const url = presentHref(link.url);
    if (!url || !SOCIAL_PLATFORMS.some((platform) => platform === link.platform)) return undefined;
    return { platform: link.platform, url, label: presentText(link.label) ?? link.platform };
  });
  const tagline = presentText(footer.brand.tagline);
  const header = presentText(footer.social.header);
  return {
    brand: { name, homeUrl: presentHref(footer.brand.homeUrl) ?? '/', ...(tagline && { tagline }) },
    sections,
    ...(socialLinks.length > 0 && { social: { ...(header && { header }), links: socialLinks } }),
    copyright: fillPlaceholders(template, { year, brand: inserted(name) }),
    copyrightParts: template
      .split('{year}')
      .map((part) => fillPlaceholders(part, { brand: inserted(name) })),
  };
}
