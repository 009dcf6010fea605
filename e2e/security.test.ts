/** Issue 9: security headers on every response, and no page reports a CSP violation. */
import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser';

describe('security headers', () => {
  it.each(['/', '/de/about', '/tr/nope', '/locales/en/common.json', '/sitemap.xml'])(
    '%s',
    async (path) => {
      const response = await fetch(baseUrl() + path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
      expect(response.headers.get('x-powered-by')).toBeNull();
    },
  );
});
