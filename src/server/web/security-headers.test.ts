import { describe, expect, it } from 'vitest';
import { applySecurityHeaders } from './security-headers.ts';

describe('applySecurityHeaders', () => {
  it('sends HSTS over https only, and keeps the CSP Astro computed', () => {
    const secure = new Headers({ 'content-security-policy': "script-src 'self';" });
    applySecurityHeaders(secure, true);
    expect(secure.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(secure.get('content-security-policy')).toBe(
      "script-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
    );
    const plain = new Headers();
    applySecurityHeaders(plain, false);
    expect(plain.get('strict-transport-security')).toBeNull();
    expect(plain.get('x-content-type-options')).toBe('nosniff');
    expect(plain.get('x-frame-options')).toBe('DENY');
  });

  it('adds each framing directive once, however often it runs (a page rewritten to a 404 passes twice)', () => {
    const headers = new Headers({ 'content-security-policy': "default-src 'self'; script-src 'self' 'sha256-x'" });
    applySecurityHeaders(headers, false);
    applySecurityHeaders(headers, false);
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self' 'sha256-x'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
    );
  });

  it('lets a page tighten a header for itself', () => {
    const headers = new Headers({ 'referrer-policy': 'no-referrer' });
    applySecurityHeaders(headers, false);
    expect(headers.get('referrer-policy')).toBe('no-referrer');
  });
});
