/**
 * Facts written once: numbers several texts state, the same in every language. A text names
 * one by placeholder (`{teamSize}`), in every language, and the site fills it in (../facts.ts),
 * so the languages cannot contradict each other and a change reaches every page at once.
 */
import { count, dictionary } from '../define';

export const facts = dictionary(
  'reference',
  {
    teamSize: count({
      required: true,
      min: 1,
      description: 'How many people work at RG. Texts write {teamSize}.',
    }),
    foundedYear: count({
      required: true,
      min: 1900,
      description: 'The year RG was founded, in Istanbul. Texts write {foundedYear}.',
    }),
    berlinYear: count({
      required: true,
      min: 1900,
      description: 'The year the Berlin studio opened. Texts write {berlinYear}.',
    }),
  },
  {
    title: 'Facts',
    description:
      'Numbers several texts state, written once for every language; a text names one as {name}.',
  },
);

/** The placeholder names of the facts: every prose text may use them. */
export const FACT_NAMES: readonly string[] = Object.keys(facts.root.fields);
