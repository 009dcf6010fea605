/**
 * Facts filled into the texts that name them (./dictionaries/facts.ts): what pages and
 * `/locales` files show. Other placeholders (`{year}`, `{seconds}`) stay for the page that
 * fills them.
 */
import type { DictionaryOf, Namespace } from './index';
import { fillPlaceholders } from './lookup';

export type Facts = Partial<DictionaryOf<'facts'>>;

function fill(value: unknown, facts: Facts): unknown {
  if (typeof value === 'string')
    return value.includes('{') ? fillPlaceholders(value, facts) : value;
  if (Array.isArray(value)) return value.map((item) => fill(item, facts));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, facts)]));
  return value;
}

/** One language's dictionary with the facts it names filled in. */
export function withFacts<N extends Namespace>(
  namespace: N,
  dictionary: DictionaryOf<N>,
  facts: Facts | undefined,
): DictionaryOf<N> {
  if (namespace === 'facts' || !facts) return dictionary;
  return fill(dictionary, facts) as DictionaryOf<N>;
}
