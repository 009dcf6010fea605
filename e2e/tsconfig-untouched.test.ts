/**
 * The variant builds of this run (global setup) must leave tsconfig.json as committed: Next
 * adds a build folder's type globs to the tsconfig it uses, so variants use their own
 * (next.config.ts, variantTsconfig).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it('lists no build folder of a variant in tsconfig.json', () => {
  const { include } = JSON.parse(readFileSync('tsconfig.json', 'utf8')) as { include: string[] };
  expect(include.filter((glob) => glob.startsWith('.next-'))).toEqual([]);
});
