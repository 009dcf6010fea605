/** The e-mail link pages in routing and at the HTTP edge (web/edge/routing.ts, http-edge.ts). */
import { describe, expect, it } from 'vitest';
import { allowedMethods, edgeAnswer } from './http-edge';
import { routeRequest } from './routing';

describe('the newsletter link pages', () => {
  it.each([
    ['/newsletter/confirm', 'GET', { kind: 'newsletter-link', language: 'en', link: 'confirm' }],
    ['/de/newsletter/confirm', 'GET', { kind: 'newsletter-link', language: 'de', link: 'confirm' }],
    [
      '/tr/newsletter/unsubscribe',
      'HEAD',
      { kind: 'newsletter-link', language: 'tr', link: 'unsubscribe' },
    ],
    [
      '/de/newsletter/confirmed',
      'GET',
      { kind: 'page', language: 'de', slug: 'newsletter/confirmed', rewrite: null },
    ],
    [
      '/de/newsletter/invalid-confirm-link',
      'GET',
      { kind: 'not-found', language: 'de', rewrite: '/de/page-not-found' },
    ],
    [
      '/newsletter/unsubscribed',
      'GET',
      {
        kind: 'page',
        language: 'en',
        slug: 'newsletter/unsubscribed',
        rewrite: '/en/newsletter/unsubscribed',
      },
    ],
    [
      '/newsletter/unsubscribe',
      'POST',
      { kind: 'one-click', rewrite: '/api/newsletter/one-click' },
    ],
    [
      '/de/newsletter/unsubscribe',
      'POST',
      { kind: 'one-click', rewrite: '/api/newsletter/one-click' },
    ],
    ['/de/newsletter', 'GET', { kind: 'not-found', language: 'de', rewrite: '/de/page-not-found' }],
    [
      '/fr/newsletter/unsubscribe',
      'POST',
      { kind: 'not-found', language: 'en', rewrite: '/en/page-not-found' },
    ],
  ] as const)('%s %s', (path, method, expected) =>
    expect(routeRequest(path, method)).toEqual(expected),
  );

  it('take the one-click POST at the unsubscribe link only', () => {
    for (const path of ['/newsletter/unsubscribe', '/de/newsletter/unsubscribe'])
      expect(allowedMethods(path)).toEqual(['GET', 'HEAD', 'POST']);
    expect(edgeAnswer('POST', '/de/newsletter/unsubscribe')).toEqual({ kind: 'pass' });
    expect(edgeAnswer('POST', '/api/newsletter/one-click')).toEqual({ kind: 'pass' });
    for (const path of [
      '/newsletter/confirm',
      '/de/newsletter/confirm',
      '/de/newsletter/unsubscribed',
    ])
      expect(edgeAnswer('POST', path)).toEqual({ kind: 'method-not-allowed', allow: 'GET, HEAD' });
    expect(edgeAnswer('PUT', '/de/newsletter/unsubscribe')).toEqual({
      kind: 'method-not-allowed',
      allow: 'GET, HEAD, POST',
    });
  });
});
