/** Site chrome: texts every page shares (§2.2, §2.3, §2.4). */
import { choice, dictionary, flag, group, list, longText, text, url } from '../define';

export const HEADER_LINK_STATES = ['active', 'selected', 'disabled'] as const;

/** The 11 social platforms of §3. */
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
  'common',
  'chrome',
  {
    appName: text({ required: true, description: 'Site name after every page title.' }),
    brandName: text({
      required: true,
      description: 'Brand name, used when the site name is empty.',
    }),
    cookieBanner: group(
      {
        title: text({ required: true }),
        body: longText({ required: true }),
        linkLabel: text({ required: true, description: 'Link to the privacy policy.' }),
        accept: text({ required: true }),
        decline: text({ required: true }),
        settings: text({
          required: true,
          description: 'Footer control that reopens the cookie choice.',
        }),
      },
      {
        title: 'Cookie banner',
        description:
          'The banner appears only when all five texts are translated; otherwise analytics stay off.',
      },
    ),
    languages: group(
      {
        label: text({ required: true, description: 'Accessible name of the language selector.' }),
        en: text({ required: true, description: 'Short label, e.g. ENG.' }),
        de: text({ required: true, description: 'Short label, e.g. DEU.' }),
        tr: text({ required: true, description: 'Short label, e.g. TUR.' }),
      },
      { title: 'Language selector' },
    ),
    labels: group(
      {
        skipToContent: text({ required: true }),
        opensInNewTab: text({
          required: true,
          description: 'Read by screen readers after links that open a new tab.',
        }),
        lastUpdated: text({ required: true, description: 'Prefix of the date on legal pages.' }),
      },
      { title: 'Shared labels' },
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
  'layout',
  'chrome',
  {
    brand: group({
      homeUrl: url({ description: 'Where the logo leads. Empty means the home page.' }),
      wordmark: text({ required: true, description: 'Logo text, e.g. RG.' }),
      homeLabel: text({ required: true, description: 'Accessible name of the logo link.' }),
    }),
    header: group({
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
    }),
    menu: group(
      {
        open: text({ required: true, description: 'Menu button on phones (accessible name).' }),
        close: text({ required: true }),
        settings: text({ required: true, description: 'Section heading, e.g. Settings.' }),
        main: text({ required: true, description: 'Section heading, e.g. Main.' }),
        more: text({ required: true, description: 'Section heading, e.g. More.' }),
      },
      { title: 'Phone menu' },
    ),
  },
  { title: 'Header', description: 'Logo, navigation links and the phone menu.' },
);

export const footer = dictionary(
  'footer',
  'chrome',
  {
    brand: group({
      name: text({ required: true }),
      homeUrl: url({ description: 'Empty means the home page.' }),
      tagline: longText(),
    }),
    sections: list(
      'footerSection',
      group({
        header: text(),
        links: list('footerLink', group({ name: text(), url: text({ format: 'href' }) })),
      }),
      { description: 'At most three sections show; sections without links are hidden.' },
    ),
    social: group({
      header: text(),
      links: list(
        'socialLink',
        group({
          platform: choice(SOCIAL_PLATFORMS, { required: true }),
          label: text({ description: 'Accessible name, e.g. "RG on Discord".' }),
          url: url(),
        }),
      ),
    }),
    copyrightTemplate: text({
      required: true,
      placeholders: ['year', 'brand'],
      description: 'Use {year} for the current year and {brand} for the brand name.',
    }),
  },
  { title: 'Footer' },
);
