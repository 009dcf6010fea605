/** The shared legal layout: sections need a heading, nested up to three levels. */
import type { DictionaryOf } from '@/schemas';
import { keepComplete, presentText, presentTexts } from '@/web/ui/presence';

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

/** The legal documents share one shape; any of them stands for all. */
type LegalValue = DictionaryOf<'privacyPolicy'>;
type Level1 = LegalValue['sections'][number];
type Level2 = NonNullable<Level1['subsections']>[number];
type Level3 = NonNullable<Level2['subsections']>[number];

function normaliseSection(section: Level1 | Level2 | Level3): LegalSection | undefined {
  const heading = presentText(section.heading);
  if (!heading) return undefined;
  return {
    heading,
    body: presentTexts(section.body),
    items: presentTexts(section.items),
    ordered: section.ordered === true,
    subsections:
      'subsections' in section ? keepComplete(section.subsections, normaliseSection) : [],
  };
}

/** Needs a title and at least one section with a heading; otherwise null. */
export function normaliseLegal(doc: LegalValue): LegalModel | null {
  const title = presentText(doc.title);
  const sections = keepComplete(doc.sections, normaliseSection);
  if (!title || sections.length === 0) return null;
  const lastUpdated = presentText(doc.lastUpdated);
  return { title, ...(lastUpdated && { lastUpdated }), intro: presentTexts(doc.intro), sections };
}
