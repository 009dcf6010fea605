import { describe, expect, it } from 'vitest';
import { changesWhatIsShown } from './follow-changes';

const event = (documentId: string, transition: 'update' | 'appear' | 'disappear') =>
  ({ type: 'mutation', documentId, transition }) as const;

describe('the changes a framed preview follows', () => {
  it('a draft that disappears (discarded or published) and any published dictionary change', () => {
    expect(changesWhatIsShown(event('drafts.dictionary-hero', 'disappear'))).toBe(true);
    expect(changesWhatIsShown(event('dictionary-hero', 'update'))).toBe(true);
    expect(changesWhatIsShown(event('dictionary-about', 'appear'))).toBe(true);
  });

  it('not typing in a draft (the Studio refreshes for that itself) nor other documents', () => {
    expect(changesWhatIsShown(event('drafts.dictionary-hero', 'update'))).toBe(false);
    expect(changesWhatIsShown(event('drafts.dictionary-hero', 'appear'))).toBe(false);
    expect(changesWhatIsShown(event('preview-secret-1', 'update'))).toBe(false);
  });
});
