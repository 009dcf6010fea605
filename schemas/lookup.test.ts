import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './lookup';

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
