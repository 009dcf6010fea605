import { describe, expect, it } from 'vitest';
import { fillPlaceholders, lookupText } from './lookup';

describe('fillPlaceholders', () => {
  it.each([
    ['© {year} {brand}', { year: 2026, brand: 'RG' }, '© 2026 RG'],
    ['{seconds} s … {seconds}', { seconds: 3 }, '3 s … 3'],
    ['Keep {unknown}', {}, 'Keep {unknown}'],
    ['No placeholders', { year: 1 }, 'No placeholders'],
  ])('%s', (template, values, expected) =>
    expect(fillPlaceholders(template, values)).toBe(expected),
  );
});

describe('lookupText', () => {
  const dict = {
    form: { status: { success: 'Subscribed' } },
    message: 'Back in {seconds} s',
    keywords: ['games', 'publishing'],
    items: [{ question: 'Why?' }],
    nested: { deep: {} },
  };
  it.each([
    ['form.status.success', 'Subscribed'],
    ['message', 'Back in 5 s'],
    ['keywords', 'games, publishing'],
    ['items.0.question', 'Why?'],
    ['form.status.missing', 'form.status.missing'],
    ['nested.deep', 'nested.deep'],
    ['toString', 'toString'],
  ])('%s', (key, expected) => expect(lookupText(dict, key, { seconds: 5 })).toBe(expected));
});
