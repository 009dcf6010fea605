import { describe, expect, it } from 'vitest';
import { editedRelease, previewPerspective } from './preview-perspective';

describe('the perspective a preview reads', () => {
  it('reads a stack of release names as Presentation names it, over the drafts or not', () => {
    expect(previewPerspective('rLaunch,drafts')).toEqual(['rLaunch', 'drafts']);
    expect(previewPerspective('rLaunch')).toEqual(['rLaunch']);
    expect(previewPerspective('rSale, rLaunch, drafts')).toEqual(['rSale', 'rLaunch', 'drafts']);
    expect(editedRelease(previewPerspective('rSale,rLaunch,drafts'))).toBe('rSale');
  });

  it('is the drafts for anything else: no cookie, the drafts, published, raw, a malformed name', () => {
    for (const value of [
      undefined,
      '',
      'drafts',
      'published',
      'raw',
      'rLaunch,raw',
      'previewDrafts',
      'drafts,rLaunch',
      'versions.rLaunch',
      'r Launch,drafts',
      'rLaunch,,drafts',
      `${'r'.repeat(65)},drafts`,
    ])
      expect(previewPerspective(value), String(value)).toBe('drafts');
    expect(editedRelease('drafts')).toBeUndefined();
  });
});
