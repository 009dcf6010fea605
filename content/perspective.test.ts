import { describe, expect, it } from 'vitest';
import { inPerspective, publishedIdOf, releaseOf, versionId } from './perspective';

const docs = [
  { _id: 'a', text: 'a published' },
  { _id: 'drafts.a', text: 'a draft' },
  { _id: 'versions.launch.a', text: 'a in launch' },
  { _id: 'b', text: 'b published' },
  { _id: 'versions.sale.b', text: 'b in sale' },
  { _id: 'versions.launch.c', text: 'c only in launch' },
  { _id: 'versions.gone.b', text: 'b unpublished', _system: { delete: true } },
];
const texts = (perspective: Parameters<typeof inPerspective>[1]) =>
  Object.fromEntries(inPerspective(docs, perspective).map((doc) => [doc._id, doc.text]));

describe('perspectives', () => {
  it('published leaves drafts and versions out', () => {
    expect(texts('published')).toEqual({ a: 'a published', b: 'b published' });
  });

  it('drafts reads each draft over its published document', () => {
    expect(texts('drafts')).toEqual({ a: 'a draft', b: 'b published' });
  });

  it('a release reads its versions over published, without drafts', () => {
    expect(texts(['launch'])).toEqual({
      a: 'a in launch',
      b: 'b published',
      c: 'c only in launch',
    });
    expect(inPerspective(docs, ['launch']).find((doc) => doc._id === 'a')?._originalId).toBe(
      'versions.launch.a',
    );
  });

  it('a stack reads the first layer that has the document', () => {
    expect(texts(['sale', 'launch', 'drafts'])).toEqual({
      a: 'a in launch',
      b: 'b in sale',
      c: 'c only in launch',
    });
    expect(texts(['drafts'])).toEqual(texts('drafts'));
  });

  it('a version that unpublishes hides the document', () => {
    expect(texts(['gone'])).toEqual({ a: 'a published' });
  });

  it('names ids', () => {
    expect(versionId('launch', 'dictionary.home')).toBe('versions.launch.dictionary.home');
    expect(publishedIdOf('versions.launch.dictionary.home')).toBe('dictionary.home');
    expect(publishedIdOf('drafts.dictionary.home')).toBe('dictionary.home');
    expect(releaseOf('versions.launch.dictionary.home')).toBe('launch');
    expect(releaseOf('drafts.dictionary.home')).toBeUndefined();
  });
});
