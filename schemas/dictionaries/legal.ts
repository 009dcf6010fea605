/** Documents with the shared legal layout (§2.9): three levels of sections. */
import { dictionary, flag, group, list, paragraphs, text, type Fields } from '../define';
import { meta } from './parts';

const block = <const F extends Fields>(extra: F) =>
  group({
    heading: text({ description: 'Sections without a heading are hidden.' }),
    body: paragraphs(),
    items: list('legalListItem', text(), { title: 'List' }),
    ordered: flag({ description: 'Number the list instead of using bullets.' }),
    ...extra,
  });

const level3 = block({});
const level2 = block({ subsections: list('legalSubsubsection', level3) });
const level1 = block({ subsections: list('legalSubsection', level2) });

const legalFields = () => ({
  meta: meta(),
  title: text({ required: true }),
  lastUpdated: text({ description: 'Date shown after "Last updated:".' }),
  intro: paragraphs(),
  sections: list('legalSection', level1, { required: true }),
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
