/** The shared legal layout (§2.9): sections need a heading, nested up to three levels. */
import type { DictionaryOf } from '../index';
import { keepComplete, presentText, presentTexts } from './text';

export interface LegalSection {
  readonly heading: string;
  readonly body: string[];
  readonly items: string[];
  readonly ordered: boolean;
  readonly subsections: LegalSection[];
}

export interface LegalModel {
  readonly title: string;
  readonly lastUpdated?: string;
  readonly intro: string[];
  readonly sections: LegalSection[];
}

interface RawSection {
  heading?: string;
  body?: string[];
  items?: string[];
  ordered?: boolean;
  subsections?: RawSection[];
}

function normaliseSection(section: RawSection): LegalSection | undefined {
  const heading = presentText(section.heading);
  if (!heading) return undefined;
  return {
    heading,
    body: presentTexts(section.body),
    items: presentTexts(section.items),
    ordered: section.ordered === true,
    subsections: keepComplete(section.subsections, normaliseSection),
  };
}

/** Needs a title and at least one section with a heading; otherwise null (§2.9). */
export function normaliseLegal(doc: DictionaryOf<'privacyPolicy'>): LegalModel | null {
  const title = presentText(doc.title);
  const sections = keepComplete(doc.sections as RawSection[], normaliseSection);
  if (!title || sections.length === 0) return null;
  const lastUpdated = presentText(doc.lastUpdated);
  return { title, ...(lastUpdated && { lastUpdated }), intro: presentTexts(doc.intro), sections };
}
