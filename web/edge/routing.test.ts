import { describe, expect, it } from 'vitest';
import { routeRequest } from './routing';

describe('routeRequest', () => {
  it.each([
    ['/', { kind: 'page', language: 'en', slug: '', rewrite: '/en' }],
    ['/about', { kind: 'page', language: 'en', slug: 'about', rewrite: '/en/about' }],
    ['/about/', { kind: 'page', language: 'en', slug: 'about', rewrite: '/en/about' }],
    ['/de', { kind: 'page', language: 'de', slug: '', rewrite: null }],
    ['/tr/press-kit', { kind: 'page', language: 'tr', slug: 'press-kit', rewrite: null }],
    ['/en/faq', { kind: 'page', language: 'en', slug: 'faq', rewrite: null }],
    ['/nope', { kind: 'not-found', language: 'en', rewrite: '/en/page-not-found' }],
    ['/de/nope', { kind: 'not-found', language: 'de', rewrite: '/de/page-not-found' }],
    ['/tr/about/team', { kind: 'not-found', language: 'tr', rewrite: '/tr/page-not-found' }],
    ['/fr/about', { kind: 'not-found', language: 'en', rewrite: '/en/page-not-found' }],
    ['/de/page-not-found', { kind: 'not-found', language: 'de', rewrite: '/de/page-not-found' }],
    ['/locales', { kind: 'not-found', language: 'en', rewrite: '/en/page-not-found' }],
    [
      '/de/quarantinechronicles',
      { kind: 'not-found', language: 'de', rewrite: '/de/page-not-found' },
    ],
    ['/quarantinechronicles', { kind: 'legacy', site: 'en' }],
    ['/Crazydemagogywars', { kind: 'legacy', site: 'en' }],
    ['/cilginalgisavaslari', { kind: 'legacy', site: 'tr' }],
    ['/_next/static/chunks/a.js', { kind: 'not-a-page' }],
    ['/locales/en/common.json', { kind: 'not-a-page' }],
    ['/api/status', { kind: 'not-a-page' }],
    ['/sitemap.xml', { kind: 'not-a-page' }],
    ['/icon.svg', { kind: 'not-a-page' }],
    ['/images/sprite.1a2b3c.svg', { kind: 'not-a-page' }],
  ] as const)('%s', (path, expected) => expect(routeRequest(path)).toEqual(expected));
});
