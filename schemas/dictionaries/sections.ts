/** Landing sections reused on pages. */
import { choice, dictionary, group, longText, paragraphs, text } from '../define';
import { cta, ctaPair, faqItems, illustration, stats } from './parts';

export const hero = dictionary(
  'sections',
  {
    eyebrow: text({ description: 'Small label above the home page title.' }),
    title: group(
      {
        main: text({ description: 'Empty hides the whole hero.' }),
        highlight: text({ description: 'Highlighted words after the main title.' }),
      },
      { description: 'The big heading at the top of the home page.' },
    ),
    subtitle: longText({ description: 'The sentence or two under the heading.' }),
    ctas: ctaPair(),
    stats: stats(),
    illustration: illustration(),
  },
  { title: 'Hero', description: 'The opening block of the home page.' },
);

export const manifesto = dictionary(
  'sections',
  {
    eyebrow: text({ description: 'Small label above the section heading.' }),
    title: text({ description: 'Empty hides the section.' }),
    description: paragraphs({ description: 'Without any paragraph the section is hidden.' }),
    cta: cta('Link'),
    illustration: illustration(),
  },
  { title: 'Manifesto section' },
);

export const faq = dictionary(
  'sections',
  {
    eyebrow: text({ description: 'Small label above the section heading.' }),
    title: text({ description: 'Empty hides the section.' }),
    items: faqItems(),
    cta: cta('Link'),
    illustration: illustration(),
  },
  { title: 'FAQ section' },
);

export const discord = dictionary(
  'sections',
  {
    eyebrow: text({ description: 'Small label above the section heading.' }),
    title: text({ description: 'Empty hides the section.' }),
    description: longText({ description: 'The text under the heading.' }),
    ctaIcon: choice(['discord', 'chat', 'arrow'] as const, { description: 'Icon in the button.' }),
    ctaIconAriaLabel: text({ description: 'Screen-reader name of the icon.' }),
    cta: cta('Button'),
    illustration: illustration(),
  },
  { title: 'Community chat section' },
);

export const publisher = dictionary(
  'sections',
  {
    eyebrow: text({ description: 'Small label above the section heading.' }),
    title: text({ description: 'Empty hides the section.' }),
    description: paragraphs({
      description: 'The text under the heading, one paragraph per entry.',
    }),
    cta: cta('Button'),
    illustration: illustration(),
  },
  { title: 'Publisher section' },
);

/** A page that answers a link from a newsletter e-mail: heading, text and one button. */
const linkPage = (title: string, description: string) =>
  group(
    {
      title: text({ required: true, description: 'The page heading.' }),
      text: text({
        required: true,
        format: 'multiline',
        placeholders: ['hours'],
        description: 'The text under the heading.',
      }),
      button: text({ required: true, description: 'The button under the text.' }),
    },
    { title, description },
  );

export const newsletter = dictionary(
  'sections',
  {
    eyebrow: text({ description: 'Small label above the section heading.' }),
    title: text({ required: true, description: 'Heading of the newsletter section.' }),
    description: longText({ description: 'Why to sign up, under the heading.' }),
    form: group(
      {
        emailLabel: text({ required: true, description: 'Label of the e-mail field.' }),
        placeholder: text({ description: 'Example text inside the empty e-mail field.' }),
        buttonLabel: text({ required: true, description: 'The button that signs up.' }),
        privacyNote: longText({ description: 'Small print under the form.' }),
        noScript: text({
          required: true,
          description: 'Shown when the visitor\u2019s browser runs no JavaScript.',
        }),
        status: group(
          {
            submitting: text({ required: true, description: 'While the signup is sent.' }),
            success: text({ required: true, description: 'On the button once signed up.' }),
          },
          { title: 'Button states', description: 'What the button says while and after it works.' },
        ),
        messages: group(
          {
            success: text({
              required: true,
              description: 'Message under the form once signed up.',
            }),
          },
          { title: 'Messages', description: 'Messages under the form.' },
        ),
      },
      { title: 'Signup form', description: 'The e-mail field and its button.' },
    ),
    genericError: text({ required: true, description: 'Shown for errors without a message.' }),
    errors: group(
      {
        emailRequired: text({ required: true, description: 'The e-mail field is empty.' }),
        emailInvalid: text({
          description:
            'The address is not one we can write to: no @ and domain, not the plain address alone (a name, brackets, quotes, commas or semicolons with it), too long (over 254 characters), or invisible or control characters in it (pasted with it). Without it, the generic error is shown.',
        }),
        backendNotConfigured: text({
          required: true,
          description: 'Signups are not set up on this site.',
        }),
        appCheckUnavailable: text({
          required: true,
          description: 'The spam check could not run (e.g. blocked by the browser).',
        }),
        permissionDenied: text({ required: true, description: 'The signup was refused.' }),
        unavailable: text({ required: true, description: 'Network or service down.' }),
        deadlineExceeded: text({ required: true, description: 'The request took too long.' }),
        resourceExhausted: text({ required: true, description: 'Too many signups right now.' }),
      },
      { title: 'Error messages', description: 'One message per error code.' },
    ),
    illustration: illustration(),
    confirmationMail: group(
      {
        subject: text({ required: true, description: 'Subject line of the e-mail.' }),
        greeting: text({ description: 'First line, e.g. "Hello,".' }),
        intro: text({
          required: true,
          format: 'multiline',
          placeholders: ['site'],
          description:
            'Why the e-mail came and what to do. {site} is the site\u2019s address. No advertising: the e-mail may only ask for the confirmation.',
        }),
        button: text({ required: true, description: 'The text of the confirmation link.' }),
        validity: text({
          required: true,
          placeholders: ['hours'],
          description: 'How long the link works; {hours} is the number of hours (48).',
        }),
        ignore: text({
          required: true,
          format: 'multiline',
          placeholders: ['hours'],
          description:
            'What happens when the reader did not sign up; {hours} is the number of hours (48).',
        }),
        signature: text({
          format: 'multiline',
          placeholders: ['site'],
          description:
            'Sender line at the end: the brand, and the postal address if the imprint requires it.',
        }),
      },
      {
        title: 'Confirmation e-mail',
        description:
          'The e-mail a visitor gets after signing up, with the link that confirms the signup.',
      },
    ),
    linkPages: group(
      {
        confirmed: linkPage('Signup confirmed', 'After the confirmation link was followed.'),
        unsubscribed: linkPage('Unsubscribed', 'After an unsubscribe link was followed.'),
        invalidConfirmLink: linkPage(
          'Confirmation link that does not work',
          'The link is unknown, expired, already used or cut off. Say so without telling whether the address is on the list; {hours} is the number of hours (48).',
        ),
        invalidUnsubscribeLink: linkPage(
          'Unsubscribe link that does not work',
          'The link is unknown or cut off. Say how else to leave the list.',
        ),
      },
      {
        title: 'Pages of the e-mail links',
        description:
          'What /newsletter/confirm and /newsletter/unsubscribe show. Each button leads to the signup form.',
      },
    ),
  },
  { title: 'Newsletter section' },
);
