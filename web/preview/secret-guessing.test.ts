import { describe, expect, it } from 'vitest';
import { FAILURES_PER_MINUTE, SecretGuessing } from './secret-guessing';

describe('guessing preview secrets', () => {
  it('lets a client try a few wrong secrets a minute, then makes it wait', () => {
    let now = 1_000_000;
    const guessing = new SecretGuessing(() => now);
    for (let i = 1; i <= FAILURES_PER_MINUTE; i++) {
      expect(guessing.retryAfter('10.0.0.1')).toBe(0);
      expect(guessing.failed('10.0.0.1')).toBe(i);
      now += 1_000;
    }
    expect(guessing.retryAfter('10.0.0.1')).toBe(55);
    // Another client is counted on its own.
    expect(guessing.retryAfter('10.0.0.2')).toBe(0);
    now += 55_000;
    expect(guessing.retryAfter('10.0.0.1')).toBe(0);
  });
});
