/**
 * The glossary editors keep: the words the site uses for its terms, in every language. It is
 * edited like any dictionary and read by the translation checks (../glossary.ts), never shown
 * on a page.
 */
import { dictionary, flag, group, list, text } from '../define';

export const glossary = dictionary(
  'reference',
  {
    terms: list(
      'glossaryTerm',
      group({
        term: text({
          required: true,
          description:
            'The word the site uses, in each language (German and Turkish: the word to use for the English term). Texts whose English names the term use it in every language.',
        }),
        keep: flag({
          description:
            'A brand or game name: never translated. Every text whose English names it shows it unchanged in German and Turkish.',
        }),
        avoid: text({
          description:
            'Words never to use for it in this language, separated by commas; a text using one is flagged with the word to use instead.',
        }),
      }),
      {
        required: true,
        title: 'Terms',
        description:
          'One entry per term. Checked on every text of every dictionary as it is typed.',
      },
    ),
  },
  {
    title: 'Glossary',
    description:
      'Brand and game names never translated, the fixed word per language for product terms, and forbidden words.',
  },
);
