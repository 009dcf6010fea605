/** Page view models: a normaliser returning null means the page renders nothing. */
import type { DictionaryOf } from '@/schemas';
import type { ValueOf } from '@/schemas/define';
import type { ctaBlock, entries, timeline } from '@/schemas/dictionaries/parts';
import type { PluralForms } from '@/schemas/plural';
import { normaliseFaqItems, normaliseStats } from '@/web/sections/section-models';
import type { Entry, FaqItem, Milestone, Stat } from '@/web/ui/view-models';
import {
  keepComplete,
  normaliseCta,
  normaliseCtaPair,
  presentText,
  presentTexts,
  requireTexts,
  presentHref,
  type Link,
} from '@/web/ui/presence';

/** Pillars, points, features, steps: title and description required. */
export function normaliseEntries(items: ValueOf<ReturnType<typeof entries>> | undefined): Entry[] {
  return keepComplete(items, (item) => requireTexts(item, ['title', 'description']));
}

/** A timeline shows entries with year, title and description, skipping incomplete ones. */
export function normaliseTimeline(
  items: ValueOf<ReturnType<typeof timeline>> | undefined,
): Milestone[] {
  return keepComplete(items, (item) => requireTexts(item, ['year', 'title', 'description']));
}

/** A titled group of items; null when the title or every item is missing. */
function titled<T>(title: string | undefined, items: T[]): { title: string; items: T[] } | null {
  const present = presentText(title);
  return present && items.length > 0 ? { title: present, items } : null;
}

/** Heading + intro text: used by the many page heroes. */
export interface PageHero {
  readonly eyebrow?: string;
  readonly title: string;
  readonly highlight?: string;
  readonly subtitle?: string;
  readonly badge?: string;
  readonly buttons: { primary?: Link; secondary?: Link };
  readonly stats: Stat[];
}

/** The pages whose `hero` is an opening block; each has its own extras (badge, buttons, …). */
type PageWithHero =
  'about' | 'contributions' | 'pressKit' | 'pitch' | 'publishing' | 'faqPage' | 'contact';
export type PageHeroValue = DictionaryOf<PageWithHero>['hero'];

function normalisePageHero(hero: PageHeroValue): PageHero | null {
  const title = presentText(hero.title);
  if (!title) return null;
  const optional = {
    eyebrow: presentText('eyebrow' in hero ? hero.eyebrow : undefined),
    highlight: presentText('highlight' in hero ? hero.highlight : undefined),
    subtitle: presentText(hero.subtitle),
    badge: presentText('badge' in hero ? hero.badge : undefined),
  };
  const single = 'cta' in hero ? normaliseCta(hero.cta) : undefined;
  return {
    title,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    buttons: single
      ? { primary: single }
      : normaliseCtaPair('buttons' in hero ? hero.buttons : undefined),
    stats: normaliseStats('stats' in hero ? hero.stats : undefined),
  };
}

export interface CtaBlock {
  readonly title?: string;
  readonly subtitle?: string;
  readonly buttons: { primary?: Link; secondary?: Link };
}

/** Sections with no title, subtitle or buttons render nothing. */
export function normaliseCtaBlock(block: ValueOf<ReturnType<typeof ctaBlock>>): CtaBlock | null {
  const title = presentText(block.title);
  const subtitle = presentText(block.subtitle);
  const buttons = normaliseCtaPair(block.buttons);
  if (!title && !subtitle && !buttons.primary && !buttons.secondary) return null;
  return { ...(title && { title }), ...(subtitle && { subtitle }), buttons };
}

export interface ManifestoPageModel {
  readonly hero: { eyebrow?: string; title: string; description?: string };
  readonly pillars: Entry[];
  readonly closing: { title: string; description?: string };
}

/** Needs hero title and closing title. */
export function normaliseManifestoPage(
  page: DictionaryOf<'manifestoPage'>,
): ManifestoPageModel | null {
  const title = presentText(page.hero.title);
  const closingTitle = presentText(page.closing.title);
  if (!title || !closingTitle) return null;
  const eyebrow = presentText(page.hero.eyebrow);
  const description = presentText(page.hero.description);
  const closingDescription = presentText(page.closing.description);
  return {
    hero: { title, ...(eyebrow && { eyebrow }), ...(description && { description }) },
    pillars: normaliseEntries(page.pillars),
    closing: {
      title: closingTitle,
      ...(closingDescription && { description: closingDescription }),
    },
  };
}

export interface AboutModel {
  readonly hero: PageHero;
  readonly cards: Entry[];
  readonly origin: { title?: string; paragraphs: string[] } | null;
  readonly pillars: { title: string; items: Entry[] } | null;
  readonly timeline: { title: string; items: Milestone[] } | null;
}

export function normaliseAbout(page: DictionaryOf<'about'>): AboutModel | null {
  const hero = normalisePageHero(page.hero);
  if (!hero) return null;
  const paragraphs = presentTexts(page.origin.paragraphs);
  const originTitle = presentText(page.origin.title);
  return {
    hero,
    cards: normaliseEntries([page.vision, page.mission]),
    origin:
      paragraphs.length > 0 ? { ...(originTitle && { title: originTitle }), paragraphs } : null,
    pillars: titled(page.pillars.title, normaliseEntries(page.pillars.items)),
    timeline: titled(page.timeline.title, normaliseTimeline(page.timeline.items)),
  };
}

export interface Position {
  readonly title: string;
  readonly location: string;
  readonly type: string;
  readonly description: string;
  readonly apply?: Link;
}

/** Positions need title, location, type and description; the apply label defaults. */
export function normalisePositions(
  positions: DictionaryOf<'contributions'>['openings']['positions'],
  defaultApplyLabel: string,
): Position[] {
  return keepComplete(positions, (position) => {
    const texts = requireTexts(position, ['title', 'location', 'type', 'description']);
    if (!texts) return undefined;
    const url = presentHref(position.applyUrl);
    const label = presentText(position.applyLabel) ?? presentText(defaultApplyLabel) ?? 'Apply';
    return { ...texts, ...(url && { apply: { label, url } }) };
  });
}

export interface CareersModel {
  readonly hero: PageHero;
  readonly culture: { title: string; items: Entry[] } | null;
  readonly openings: { title?: string; positions: Position[]; emptyState?: string };
  readonly perks: { title: string; items: Entry[] } | null;
  readonly cta: CtaBlock | null;
}

export function normaliseCareers(page: DictionaryOf<'contributions'>): CareersModel | null {
  const hero = normalisePageHero(page.hero);
  if (!hero) return null;
  const title = presentText(page.openings.title);
  const emptyState = presentText(page.openings.emptyState);
  return {
    hero,
    culture: titled(page.culture.title, normaliseEntries(page.culture.points)),
    openings: {
      ...(title && { title }),
      positions: normalisePositions(page.openings.positions, page.openings.defaultApplyLabel),
      ...(emptyState && { emptyState }),
    },
    perks: titled(page.perks.title, normaliseEntries(page.perks.items)),
    cta: normaliseCtaBlock(page.cta),
  };
}

export interface PressKitModel {
  readonly hero: PageHero;
  readonly contacts: { title: string; items: { label: string; email: string }[] } | null;
  readonly faq: { title: string; items: FaqItem[] } | null;
}

export function normalisePressKit(page: DictionaryOf<'pressKit'>): PressKitModel | null {
  const hero = normalisePageHero(page.hero);
  if (!hero) return null;
  return {
    hero,
    contacts: titled(
      page.contacts.title,
      keepComplete(page.contacts.items, (item) => requireTexts(item, ['label', 'email'])),
    ),
    faq: titled(page.faq.title, normaliseFaqItems(page.faq.items)),
  };
}

export interface Offering extends Entry {
  readonly id?: string;
  readonly eyebrow?: string;
  readonly action?: Link;
}

/** Deck cards need title and description. */
export function normaliseOfferings(items: DictionaryOf<'pitch'>['deck']['sections']): Offering[] {
  return keepComplete(items, (item) => {
    const texts = requireTexts(item, ['title', 'description']);
    if (!texts) return undefined;
    const eyebrow = presentText(item.eyebrow);
    const action = normaliseCta(item.action);
    const id = presentText(item.id);
    return { ...texts, ...(id && { id }), ...(eyebrow && { eyebrow }), ...(action && { action }) };
  });
}

export interface PitchModel {
  readonly hero: PageHero;
  readonly overview: { title: string; items: Entry[] } | null;
  readonly deck: { title: string; items: Offering[] } | null;
  readonly traction: { title: string; items: Milestone[] } | null;
  readonly cta: CtaBlock | null;
}

export function normalisePitch(page: DictionaryOf<'pitch'>): PitchModel | null {
  const hero = normalisePageHero(page.hero);
  if (!hero) return null;
  return {
    hero,
    overview: titled(page.overview.title, normaliseEntries(page.overview.items)),
    deck: titled(page.deck.title, normaliseOfferings(page.deck.sections)),
    traction: titled(page.traction.title, normaliseTimeline(page.traction.milestones)),
    cta: normaliseCtaBlock(page.cta),
  };
}

export interface PublishingModel {
  readonly hero: PageHero;
  readonly services: { title: string; items: Entry[] } | null;
  readonly support: { title: string; items: Offering[] } | null;
  readonly process: { title: string; items: Entry[] } | null;
  readonly faq: { title: string; items: FaqItem[] } | null;
  readonly cta: CtaBlock | null;
}

export function normalisePublishing(page: DictionaryOf<'publishing'>): PublishingModel | null {
  const hero = normalisePageHero(page.hero);
  if (!hero) return null;
  return {
    hero,
    services: titled(page.services.title, normaliseEntries(page.services.items)),
    support: titled(page.support.title, normaliseOfferings(page.support.items)),
    process: titled(page.process.title, normaliseEntries(page.process.steps)),
    faq: titled(page.faq.title, normaliseFaqItems(page.faq.items)),
    cta: normaliseCtaBlock(page.cta),
  };
}

export interface FaqPageModel {
  readonly hero: PageHero;
  readonly faq: { title: string; items: FaqItem[] };
}

/** Renders nothing if the hero title, the FAQ title or all items are missing. */
export function normaliseFaqPage(page: DictionaryOf<'faqPage'>): FaqPageModel | null {
  const hero = normalisePageHero(page.hero);
  const faq = titled(page.faq.title, normaliseFaqItems(page.faq.items));
  return hero && faq ? { hero, faq } : null;
}

export interface Office {
  readonly title: string;
  readonly description: string;
  readonly email?: string;
  /** Two icons are used in turn, the last reused for further items. */
  readonly icon: 'building' | 'pin';
}

export interface ContactModel {
  readonly hero: PageHero;
  readonly offices: { title?: string; items: Office[] } | null;
  readonly community: { eyebrow?: string; title: string; description?: string; cta?: Link } | null;
}

const OFFICE_ICONS = ['building', 'pin'] as const;

export function normaliseContact(page: DictionaryOf<'contact'>): ContactModel | null {
  const hero = normalisePageHero(page.hero);
  if (!hero) return null;
  const offices = keepComplete(page.offices.items, (item) => {
    const texts = requireTexts(item, ['title', 'description']);
    const email = presentText(item.email);
    return texts && { ...texts, ...(email && { email }) };
  }).map((office, index) => ({
    ...office,
    icon: OFFICE_ICONS[Math.min(index, OFFICE_ICONS.length - 1)]!,
  }));
  const officesTitle = presentText(page.offices.title);
  const communityTitle = presentText(page.community.title);
  const eyebrow = presentText(page.community.eyebrow);
  const description = presentText(page.community.description);
  const cta = normaliseCta(page.community.cta);
  return {
    hero,
    offices:
      offices.length > 0 ? { ...(officesTitle && { title: officesTitle }), items: offices } : null,
    community: communityTitle
      ? {
          title: communityTitle,
          ...(eyebrow && { eyebrow }),
          ...(description && { description }),
          ...(cta && { cta }),
        }
      : null,
  };
}

const DEFAULT_REDIRECT_SECONDS = 5;

export interface ErrorPageModel {
  readonly title: string;
  readonly subtitle?: string;
  readonly cta: Link | { label?: undefined; url: string };
  /** `message` holds the countdown text in each plural form; pick one with `pluralText`. */
  readonly redirect: { seconds: number; target: string; message?: PluralForms };
}

/** The not-found page: countdown default 5 s, negative counts as 0; target falls back. */
export function normaliseErrorPage(page: DictionaryOf<'error'>): ErrorPageModel {
  const label = presentText(page.cta.label);
  const ctaUrl = presentText(page.cta.url) ?? '/';
  const seconds = Math.max(0, Math.floor(page.redirect.seconds ?? DEFAULT_REDIRECT_SECONDS));
  const subtitle = presentText(page.subtitle);
  const one = presentText(page.redirect.message_one);
  const other = presentText(page.redirect.message_other);
  // Both forms or none: a countdown that has words for some numbers only is not shown.
  const message = one && other ? { one, other } : undefined;
  return {
    title: page.title,
    ...(subtitle && { subtitle }),
    cta: label ? { label, url: ctaUrl } : { url: ctaUrl },
    redirect: {
      seconds,
      target: presentText(page.redirect.target) ?? presentText(page.cta.url) ?? '/',
      ...(message && { message }),
    },
  };
}
