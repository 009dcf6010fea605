import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './security-headers';

describe('security headers', () => {
  const csp = contentSecurityPolicy();
  it.each([
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "default-src 'self'",
  ])('CSP has %s', (directive) => {
    expect(csp).toContain(directive);
  });
  it('allows no eval in production', () => {
    expect(csp).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy({ development: true })).toContain("'unsafe-eval'");
  });
  it('allows only the Google hosts the site uses', () => {
    const hosts = new Set(csp.match(/https:\/\/[^\s;]+/g));
    expect([...hosts].every((h) => /google|gstatic/.test(h))).toBe(true);
  });
  it('sends HSTS, nosniff, the referrer policy and a permissions policy', () => {
    const headers = Object.fromEntries(securityHeaders().map((h) => [h.key, h.value]));
    expect(headers['Strict-Transport-Security']).toMatch(/max-age=\d{8}/);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Permissions-Policy']).toContain('camera=()');
  });
});
