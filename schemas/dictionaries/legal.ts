/** Documents with the shared legal layout (§2.9): three levels of sections. */
import { dictionary, flag, group, list, paragraphs, text, type Fields } from '../define';
import { meta } from './parts';

const block = <const F extends Fields>(extra: F) =>
  group({
    heading: text({ description: 'Sections without a heading are hidden.' }),
    body: paragraphs({ description: 'The text under the heading, one paragraph per entry.' }),
    items: list('legalListItem', text(), {
      title: 'List',
      description: 'A list after the paragraphs, one point per entry.',
    }),
    ordered: flag({ description: 'Number the list instead of using bullets.' }),
    ...extra,
  });

const level3 = block({});
const level2 = block({
  subsections: list('legalSubsubsection', level3, {
    description: 'Sections inside this subsection (the third level).',
  }),
});
const level1 = block({
  subsections: list('legalSubsection', level2, {
    description: 'Sections inside this section, numbered under it.',
  }),
});

const legalFields = () => ({
  meta: meta(),
  title: text({ required: true, description: 'The page title (the main heading).' }),
  lastUpdated: text({ description: 'Date shown after "Last updated:".' }),
  intro: paragraphs({ description: 'Paragraphs under the title, before the first section.' }),
  sections: list('legalSection', level1, {
    required: true,
    description:
      'The numbered sections of the document; the page needs at least one with a heading.',
  }),
});

export const privacyPolicy = dictionary('privacyPolicy', 'legal', legalFields(), {
  title: 'Privacy policy',
});
export const disclaimer = dictionary('disclaimer', 'legal', legalFields(), {
  title: 'Disclaimer',
});
export const termsAndConditions = dictionary('termsAndConditions', 'legal', legalFields(), {
  title: 'Terms and conditions',
});
export const communityGuideline = dictionary('communityGuideline', 'legal', legalFields(), {
  title: 'Community guideline',
});
