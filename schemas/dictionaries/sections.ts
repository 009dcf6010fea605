/** Landing sections reused on pages (§2.6, §2.10, §2.11). */
import { choice, dictionary, group, longText, paragraphs, text } from '../define';
import { cta, ctaPair, faqItems, illustration, stats } from './parts';

export const hero = dictionary(
  'hero',
  'sections',
  {
    eyebrow: text(),
    title: group({
      main: text({ description: 'Empty hides the whole hero.' }),
      highlight: text({ description: 'Highlighted words after the main title.' }),
    }),
    subtitle: longText(),
    ctas: ctaPair(),
    stats: stats(),
    illustration: illustration(),
  },
  { title: 'Hero', description: 'The opening block of the home page.' },
);

export const manifesto = dictionary(
  'manifesto',
  'sections',
  {
    eyebrow: text(),
    title: text({ description: 'Empty hides the section.' }),
    description: paragraphs({ description: 'Without any paragraph the section is hidden.' }),
    cta: cta('Link'),
    illustration: illustration(),
  },
  { title: 'Manifesto section' },
);

export const faq = dictionary(
  'faq',
  'sections',
  {
    eyebrow: text(),
    title: text({ description: 'Empty hides the section.' }),
    items: faqItems(),
    cta: cta('Link'),
    illustration: illustration(),
  },
  { title: 'FAQ section' },
);

export const discord = dictionary(
  'discord',
  'sections',
  {
    eyebrow: text(),
    title: text({ description: 'Empty hides the section.' }),
    description: longText(),
    ctaIcon: choice(['discord', 'chat', 'arrow'] as const, { description: 'Icon in the button.' }),
    ctaIconAriaLabel: text({ description: 'Screen-reader name of the icon.' }),
    cta: cta('Button'),
    illustration: illustration(),
  },
  { title: 'Community chat section' },
);

export const publisher = dictionary(
  'publisher',
  'sections',
  {
    eyebrow: text(),
    title: text({ description: 'Empty hides the section.' }),
    description: paragraphs(),
    cta: cta('Button'),
    illustration: illustration(),
  },
  { title: 'Publisher section' },
);

export const newsletter = dictionary(
  'newsletter',
  'sections',
  {
    eyebrow: text(),
    title: text({ required: true }),
    description: longText(),
    form: group({
      emailLabel: text({ required: true, description: 'Label of the e-mail field.' }),
      placeholder: text(),
      buttonLabel: text({ required: true }),
      privacyNote: longText(),
      noScript: text({
        required: true,
        description: 'Shown when the visitor\u2019s browser runs no JavaScript.',
      }),
      status: group({ submitting: text({ required: true }), success: text({ required: true }) }),
      messages: group({ success: text({ required: true }) }),
    }),
    genericError: text({ required: true, description: 'Shown for errors without a message.' }),
    errors: group(
      {
        emailRequired: text({ required: true }),
        backendNotConfigured: text({ required: true }),
        appCheckUnavailable: text({ required: true }),
        permissionDenied: text({ required: true }),
        unavailable: text({ required: true, description: 'Network or service down.' }),
        deadlineExceeded: text({ required: true, description: 'The request took too long.' }),
        resourceExhausted: text({ required: true, description: 'Too many signups right now.' }),
      },
      { title: 'Error messages', description: 'One message per error code.' },
    ),
    illustration: illustration(),
  },
  { title: 'Newsletter section' },
);
