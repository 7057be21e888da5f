import { describe, expect, it } from 'vitest';
import { crossSiteWrite } from './request-context.ts';

const SITE = 'http://localhost:4321';
const post = (origin?: string, method = 'POST') =>
  new Request(`${SITE}/api/user_signup`, { method, headers: origin ? { origin } : {} });
const rule = (credential: 'bearer' | 'cookie' | null, cookieBound: boolean, fromAllowedOrigin = false) => ({
  credential,
  cookieBound,
  fromAllowedOrigin,
});

describe('crossSiteWrite: the one rule for writes that pages and the API both keep', () => {
  it('lets reads through from anywhere', () => {
    expect(crossSiteWrite(post('https://evil.example', 'GET'), rule('cookie', true))).toBe(false);
  });

  it('lets a write carrying a bearer token through, whatever its origin', () => {
    expect(crossSiteWrite(post('https://evil.example'), rule('bearer', false))).toBe(false);
  });

  it('refuses a write bound to the cookie unless it names this site', () => {
    expect(crossSiteWrite(post(SITE), rule('cookie', true))).toBe(false);
    expect(crossSiteWrite(post('https://evil.example'), rule('cookie', true))).toBe(true);
    // Without an Origin header a cookie-bound write cannot show where it came from.
    expect(crossSiteWrite(post(), rule(null, true))).toBe(true);
    // An allowed origin never writes with the cookie.
    expect(crossSiteWrite(post('https://app.example'), rule('cookie', true, true))).toBe(true);
  });

  it('lets an app without Origin, and an allowed site without the cookie, write as a visitor', () => {
    expect(crossSiteWrite(post(), rule(null, false))).toBe(false);
    expect(crossSiteWrite(post('https://app.example'), rule(null, false, true))).toBe(false);
    expect(crossSiteWrite(post('https://evil.example'), rule(null, false))).toBe(true);
  });
});
