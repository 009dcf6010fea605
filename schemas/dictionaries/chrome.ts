/** Site chrome: texts every page shares (header, footer, cookie banner). */
import { choice, dictionary, flag, group, list, longText, text, url } from '../define';

export const HEADER_LINK_STATES = ['active', 'selected', 'disabled'] as const;

/** The social platforms the footer links to; each has an icon in web/chrome/SocialIcon.tsx. */
export const SOCIAL_PLATFORMS = [
  'discord',
  'twitter',
  'instagram',
  'youtube',
  'tiktok',
  'facebook',
  'linkedin',
  'github',
  'itch',
  'googlePlay',
  'steam',
] as const;

export const common = dictionary(
  'chrome',
  {
    appName: text({ required: true, description: 'Site name after every page title.' }),
    brandName: text({
      required: true,
      description: 'Brand name, used when the site name is empty.',
    }),
    cookieBanner: group(
      {
        title: text({ required: true, description: 'Heading of the cookie banner.' }),
        body: longText({
          required: true,
          description:
            'Why the site asks, in a sentence or two; the link to the privacy policy follows.',
        }),
        linkLabel: text({ required: true, description: 'Link to the privacy policy.' }),
        accept: text({ required: true, description: 'Button that allows analytics.' }),
        decline: text({ required: true, description: 'Button that keeps analytics off.' }),
        settings: text({
          required: true,
          description: 'Footer control that reopens the cookie choice.',
        }),
        acceptedOn: text({
          placeholders: ['date'],
          description:
            'Shown in the banner reopened from the footer after an acceptance, with its date.',
        }),
        declinedOn: text({
          placeholders: ['date'],
          description:
            'Shown in the banner reopened from the footer after a decline, with its date.',
        }),
        gpcNote: text({
          description:
            'One line in the banner for browsers that send Global Privacy Control: why analytics stay off.',
        }),
      },
      {
        title: 'Cookie banner',
        description:
          'The banner appears only when its first five texts are translated; otherwise analytics stay off. ' +
          'Changing the title, the body, a button or the privacy policy asks every visitor again.',
      },
    ),
    languages: group(
      {
        label: text({ required: true, description: 'Accessible name of the language selector.' }),
        en: text({ required: true, description: 'Short label, e.g. ENG.' }),
        de: text({ required: true, description: 'Short label, e.g. DEU.' }),
        tr: text({ required: true, description: 'Short label, e.g. TUR.' }),
      },
      {
        title: 'Language selector',
        description: 'The ENG / DEU / TUR switch in the header and the phone menu.',
      },
    ),
    labels: group(
      {
        skipToContent: text({
          required: true,
          description: 'Link that appears on the first Tab key press, to jump past the header.',
        }),
        opensInNewTab: text({
          required: true,
          description: 'Read by screen readers after links that open a new tab.',
        }),
        lastUpdated: text({ required: true, description: 'Prefix of the date on legal pages.' }),
      },
      { title: 'Shared labels', description: 'Small texts several pages use.' },
    ),
    preview: group(
      {
        notice: text({
          required: true,
          description:
            'Says the page shows unpublished changes, e.g. "Preview: unpublished changes".',
        }),
        showKeys: text({
          required: true,
          description:
            "Link that shows each text's key (e.g. hero:title.main) instead of the text.",
        }),
        showTexts: text({ required: true, description: 'Link back from the keys to the texts.' }),
        exit: text({ required: true, description: 'Link that ends the preview.' }),
      },
      {
        title: 'Preview bar',
        description:
          'Shown only to editors previewing unpublished changes (draft mode), never to visitors.',
      },
    ),
  },
  {
    title: 'Common texts',
    description: 'Site name, cookie banner, language selector, labels, preview bar.',
  },
);

export const layout = dictionary(
  'chrome',
  {
    brand: group(
      {
        homeUrl: url({ description: 'Where the logo leads. Empty means the home page.' }),
        wordmark: text({ required: true, description: 'Logo text, e.g. RG.' }),
        homeLabel: text({ required: true, description: 'Accessible name of the logo link.' }),
      },
      { title: 'Logo', description: 'The logo at the left of the header.' },
    ),
    header: group(
      {
        navLabel: text({ required: true, description: 'Accessible name of the main navigation.' }),
        links: list(
          'headerLink',
          group({
            name: text({ description: 'Link text.' }),
            url: text({ format: 'href', description: 'A site path like /about or an https URL.' }),
            isPrimary: flag({
              required: true,
              description: 'Primary links show inline; the others after the divider.',
            }),
            state: choice(HEADER_LINK_STATES, {
              description: 'Optional: disabled dims the link and makes it unclickable.',
            }),
          }),
          { description: 'Links lacking a name or address are hidden.' },
        ),
      },
      { title: 'Navigation', description: 'The links of the header on every page.' },
    ),
    menu: group(
      {
        open: text({ required: true, description: 'Menu button on phones (accessible name).' }),
        close: text({
          required: true,
          description: 'Button that closes the phone menu (accessible name).',
        }),
        settings: text({ required: true, description: 'Section heading, e.g. Settings.' }),
        main: text({ required: true, description: 'Section heading, e.g. Main.' }),
        more: text({ required: true, description: 'Section heading, e.g. More.' }),
      },
      { title: 'Phone menu', description: 'The menu behind the menu button on narrow screens.' },
    ),
  },
  { title: 'Header', description: 'Logo, navigation links and the phone menu.' },
);

export const footer = dictionary(
  'chrome',
  {
    brand: group(
      {
        name: text({ required: true, description: 'Brand name at the top of the footer.' }),
        homeUrl: url({ description: 'Empty means the home page.' }),
        tagline: longText({ description: 'A sentence under the brand name.' }),
      },
      { title: 'Brand', description: 'The first column of the footer.' },
    ),
    sections: list(
      'footerSection',
      group({
        header: text({ description: 'Heading of the column of links.' }),
        links: list(
          'footerLink',
          group({
            name: text({ description: 'Link text.' }),
            url: text({ format: 'href', description: 'A site path like /about or an https URL.' }),
          }),
          { description: 'Links lacking a name or address are hidden.' },
        ),
      }),
      {
        title: 'Link columns',
        description: 'At most three sections show; sections without links are hidden.',
      },
    ),
    social: group(
      {
        header: text({ description: 'Heading above the social icons.' }),
        links: list(
          'socialLink',
          group({
            platform: choice(SOCIAL_PLATFORMS, {
              required: true,
              description: 'Which icon the link shows.',
            }),
            label: text({ description: 'Accessible name, e.g. "RG on Discord".' }),
            url: url({ description: 'The profile address (https).' }),
          }),
          { description: 'Icons in this order. Links lacking an address are hidden.' },
        ),
      },
      { title: 'Social links', description: 'Icons linking to RG on other platforms.' },
    ),
    copyrightTemplate: text({
      required: true,
      placeholders: ['year', 'brand'],
      description: 'Use {year} for the current year and {brand} for the brand name.',
    }),
  },
  { title: 'Footer' },
);
