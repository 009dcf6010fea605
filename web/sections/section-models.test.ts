/** The landing sections' presence rules: a section without its required texts is hidden. */
import { describe, expect, it } from 'vitest';
import type { DictionaryOf } from '@/schemas';
import { normaliseManifesto, normalisePublisher } from './section-models';

describe('sections', () => {
  it('the manifesto section hides without description text', () => {
    expect(
      normaliseManifesto({ title: 'We believe', description: [' '], cta: {}, illustration: {} }),
    ).toBeNull();
  });
  it.each<[string, Omit<DictionaryOf<'publisher'>, 'illustration'>, boolean]>([
    ['description only', { title: 'Publish', description: ['Text'], cta: {} }, true],
    ['button without url', { title: 'Publish', description: [], cta: { label: 'Talk' } }, true],
    ['neither', { title: 'Publish', description: [], cta: { url: '/x' } }, false],
    ['no title', { title: '', description: ['Text'], cta: {} }, false],
  ])('the publisher section with %s', (_, dict, shown) => {
    const model = normalisePublisher({ ...dict, illustration: {} });
    expect(model !== null).toBe(shown);
  });
});
