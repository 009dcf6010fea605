/** Landing sections: a normaliser returning null means the section renders nothing. */
import type { DictionaryOf } from '@/schemas';
import type { Artwork } from '@/schemas/artwork';
import type { ValueOf } from '@/schemas/define';
import type {
  faqItems,
  illustration as illustrationPart,
  stats,
} from '@/schemas/dictionaries/parts';
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
import type { Art } from '@/web/ui/Illustration';
import type { FaqItem, Stat } from '@/web/ui/view-models';

/** The landing-section dictionaries; each has an eyebrow and an illustration. */
type LandingSection = 'hero' | 'manifesto' | 'faq' | 'discord' | 'publisher' | 'newsletter';

/** Key figures as the dictionaries define them (`stats()`, with or without a description). */
export type StatsValue = ValueOf<ReturnType<typeof stats>>;

/** Hero stats lacking a label or value are dropped. */
export function normaliseStats(stats: StatsValue | undefined): Stat[] {
  return keepComplete(stats, (stat) => {
    const texts = requireTexts(stat, ['label', 'value']);
    const description = presentText(stat.description);
    return texts && { ...texts, ...(description && { description }) };
  });
}

/** The picture each section shows when its dictionary chooses none. */
export const DEFAULT_ARTWORK: Readonly<Record<LandingSection, Artwork>> = {
  hero: 'city',
  manifesto: 'rocket',
  faq: 'question',
  discord: 'chat',
  publisher: 'controller',
  newsletter: 'envelope',
};

/** Illustrations show only if alt text is given. */
function normaliseIllustration(
  section: LandingSection,
  illustration: ValueOf<ReturnType<typeof illustrationPart>> | undefined,
): Art | undefined {
  const alt = presentText(illustration?.alt);
  return alt ? { artwork: illustration?.artwork ?? DEFAULT_ARTWORK[section], alt } : undefined;
}

/** FAQ items need a question and a non-empty answer. */
export function normaliseFaqItems(
  items: ValueOf<ReturnType<typeof faqItems>> | undefined,
): FaqItem[] {
  return keepComplete(items, (item) => {
    const question = presentText(item.question);
    const answer = presentTexts(item.answer);
    return question && answer.length > 0 ? { question, answer } : undefined;
  });
}

export interface SectionBase {
  readonly eyebrow?: string;
  readonly title: string;
  readonly art?: Art;
}

export interface HeroModel extends SectionBase {
  readonly highlight?: string;
  readonly subtitle?: string;
  readonly ctas: { primary?: Link; secondary?: Link };
  readonly stats: Stat[];
}

function base(
  section: LandingSection,
  dict: Pick<DictionaryOf<LandingSection>, 'eyebrow' | 'illustration'>,
  title: string,
): SectionBase {
  const eyebrow = presentText(dict.eyebrow);
  const art = normaliseIllustration(section, dict.illustration);
  return { title, ...(eyebrow && { eyebrow }), ...(art && { art }) };
}

export function normaliseHero(hero: DictionaryOf<'hero'>): HeroModel | null {
  const title = presentText(hero.title.main);
  if (!title) return null;
  const highlight = presentText(hero.title.highlight);
  const subtitle = presentText(hero.subtitle);
  return {
    ...base('hero', hero, title),
    ...(highlight && { highlight }),
    ...(subtitle && { subtitle }),
    ctas: normaliseCtaPair(hero.ctas),
    stats: normaliseStats(hero.stats),
  };
}

export interface ManifestoModel extends SectionBase {
  readonly paragraphs: string[];
  readonly cta?: Link;
}

/** Hidden without a title or without any description text. */
export function normaliseManifesto(manifesto: DictionaryOf<'manifesto'>): ManifestoModel | null {
  const title = presentText(manifesto.title);
  const paragraphs = presentTexts(manifesto.description);
  if (!title || paragraphs.length === 0) return null;
  const cta = normaliseCta(manifesto.cta);
  return { ...base('manifesto', manifesto, title), paragraphs, ...(cta && { cta }) };
}

export interface FaqModel extends SectionBase {
  readonly items: FaqItem[];
  readonly cta?: Link;
}

/** The whole FAQ hides if no item remains. */
export function normaliseFaq(faq: DictionaryOf<'faq'>): FaqModel | null {
  const title = presentText(faq.title);
  const items = normaliseFaqItems(faq.items);
  if (!title || items.length === 0) return null;
  const cta = normaliseCta(faq.cta);
  return { ...base('faq', faq, title), items, ...(cta && { cta }) };
}

export interface DiscordModel extends SectionBase {
  readonly description?: string;
  readonly cta?: Link;
  readonly icon?: { name: 'discord' | 'chat' | 'arrow'; label?: string };
}

export function normaliseDiscord(discord: DictionaryOf<'discord'>): DiscordModel | null {
  const title = presentText(discord.title);
  if (!title) return null;
  const description = presentText(discord.description);
  const cta = normaliseCta(discord.cta);
  const label = presentText(discord.ctaIconAriaLabel);
  return {
    ...base('discord', discord, title),
    ...(description && { description }),
    ...(cta && { cta }),
    ...(discord.ctaIcon && { icon: { name: discord.ctaIcon, ...(label && { label }) } }),
  };
}

export interface PublisherModel extends SectionBase {
  readonly paragraphs: string[];
  /** A url-less call to action is a plain button. */
  readonly cta?: { label: string; url?: string };
}

/** Needs a title and at least a description or a call to action. */
export function normalisePublisher(publisher: DictionaryOf<'publisher'>): PublisherModel | null {
  const title = presentText(publisher.title);
  const paragraphs = presentTexts(publisher.description);
  const label = presentText(publisher.cta.label);
  const url = presentHref(publisher.cta.url);
  const cta = label ? { label, ...(url && { url }) } : undefined;
  if (!title || (paragraphs.length === 0 && !cta)) return null;
  return { ...base('publisher', publisher, title), paragraphs, ...(cta && { cta }) };
}

export interface NewsletterModel extends SectionBase {
  readonly description?: string;
  /** The form's texts; a blank placeholder or privacy note is left out. */
  readonly form: DictionaryOf<'newsletter'>['form'];
  readonly genericError: string;
  readonly errors: DictionaryOf<'newsletter'>['errors'];
}

/** Needs a title and a button label. */
export function normaliseNewsletter(
  newsletter: DictionaryOf<'newsletter'>,
): NewsletterModel | null {
  const title = presentText(newsletter.title);
  if (!title || !presentText(newsletter.form.buttonLabel)) return null;
  const description = presentText(newsletter.description);
  const { placeholder: rawPlaceholder, privacyNote: rawPrivacyNote, ...form } = newsletter.form;
  const placeholder = presentText(rawPlaceholder);
  const privacyNote = presentText(rawPrivacyNote);
  return {
    ...base('newsletter', newsletter, title),
    ...(description && { description }),
    form: { ...form, ...(placeholder && { placeholder }), ...(privacyNote && { privacyNote }) },
    genericError: newsletter.genericError,
    errors: newsletter.errors,
  };
}
