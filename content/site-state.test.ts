/** What the Studio tells the editor after a publish, from the site's answer and status. */
import { describe, expect, it } from 'vitest';
import type { DeliveryOutcome } from './notify-site';
import { followUp, siteStateText, stateOfDelivery, stateOnSite } from './site-state';

const answered = (status: number, answer: DeliveryOutcome['answer']): DeliveryOutcome => ({
  document: 'dictionary-footer',
  status,
  answer,
});
const revalidated = answered(200, {
  status: 'revalidated',
  namespace: 'footer',
  document: 'dictionary-footer',
  pages: [],
  locales: [],
  translations: {},
  cdnPurge: { state: 'queued', cdn: 'varnish', tags: ['dictionary:footer'] },
});
const refused = answered(503, {
  status: 'unavailable',
  namespace: 'footer',
  message: 'the shared cache could not record it',
});

describe('the editor is told', () => {
  it('live once the site answered 200 and nothing is pending', () => {
    expect(siteStateText(followUp(revalidated, {}))).toEqual({ key: 'site-state.live' });
  });

  it('held back, with the problems, whatever else is pending', () => {
    const heldBack = answered(200, {
      status: 'held-back',
      namespace: 'footer',
      document: 'dictionary-footer',
      problems: ['dictionary-footer (de) → copyrightTemplate: lacks {year}'],
    });
    expect(siteStateText(followUp(heldBack, { sharedCache: { redis: 'unreachable' } }))).toEqual({
      key: 'site-state.held-back',
      problems: 'dictionary-footer (de) → copyrightTemplate: lacks {year}',
    });
  });

  it('not yet live everywhere while Redis is unreachable or a purge waits, then live', () => {
    expect(
      siteStateText(
        followUp(refused, { sharedCache: { redis: 'unreachable', address: 'redis://r:6379' } }),
      ),
    ).toEqual({
      key: 'site-state.pending',
      reasons: 'the shared cache (Redis at redis://r:6379) is unreachable',
    });
    const purgePending = {
      sharedCache: { redis: 'reachable' },
      cdnPurge: { pending: [{ tag: 'dictionary:footer', ageSeconds: 42, error: '500' }] },
    };
    expect(siteStateText(followUp(revalidated, purgePending))).toEqual({
      key: 'site-state.pending',
      reasons: 'the CDN purge of dictionary:footer has waited 42 s (500)',
    });
    // Redis back, the reconciliation finished it, the purge went out: no second delivery.
    expect(followUp(refused, { sharedCache: { redis: 'reachable' } })).toEqual({ state: 'live' });
  });

  it('says nothing for a document the site ignores', () => {
    expect(
      siteStateText(stateOfDelivery(answered(200, { status: 'ignored', reason: 'draft' }))),
    ).toBeNull();
  });

  it('with a Sanity project, from the site: live once it serves the revision and is well', () => {
    expect(stateOnSite({ status: 'ok', serves: false })).toEqual({ state: 'not-on-site' });
    expect(stateOnSite({ status: 'degraded', serves: true })).toEqual({ state: 'site-degraded' });
    expect(stateOnSite({ status: 'ok', serves: true })).toEqual({ state: 'live' });
    expect(siteStateText({ state: 'not-on-site' })).toEqual({ key: 'site-state.not-on-site' });
  });
});
