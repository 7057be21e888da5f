import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, userWithPassword } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
const db = () => app.database.db;

/** Public calls and calls that take a token only when the user is signed in (spec section 6). */
const PUBLIC_CALLS = ['/api/web-settings', '/api/get_categories', '/api/get_property', '/api/homepage-data'];
const LOGIN_REQUIRED = '/api/get-user-data';

async function revokedToken(): Promise<string> {
  const { token } = await userWithPassword(db());
  expect((await app.call('POST', '/api/logout', { token })).status).toBe(200);
  return token;
}

beforeAll(async () => {
  app = await createTestApp();
});

describe('a token that no longer signs anyone in', () => {
  const headers = async () => ({
    'a made-up token': `Bearer ${randomBytes(32).toString('base64url')}`,
    'a short one': 'Bearer bogus',
    'a revoked token': `Bearer ${await revokedToken()}`,
    'another scheme': 'Basic dXNlcjpwYXNz',
    'an empty bearer': 'Bearer',
  });

  it('is no token at all on public and optional-token calls, which say the session ended', async () => {
    const wrong: string[] = [];
    for (const [name, authorization] of Object.entries(await headers()))
      for (const url of PUBLIC_CALLS) {
        const res = await app.call('GET', url, { headers: { authorization } });
        if (res.status !== 200 || res.headers.get('x-session-ended') !== 'invalid')
          wrong.push(`${url} with ${name}: ${res.status} ${res.headers.get('x-session-ended')}`);
      }
    expect(wrong).toEqual([]);
  });

  it('still gets 401 "Your session is not valid" on login-required calls', async () => {
    for (const [name, authorization] of Object.entries(await headers())) {
      const res = await app.call('GET', LOGIN_REQUIRED, { headers: { authorization } });
      expect(res.status, name).toBe(401);
      expect(res.body, name).toMatchObject({
        message: 'Your session is not valid. Please sign in again.',
        data: { code: 'unauthenticated' },
      });
      expect(res.headers.get('x-session-ended'), name).toBe('invalid');
    }
  });

  it('leaves calls without one, and live sessions, without the header', async () => {
    const { token } = await userWithPassword(db());
    for (const init of [{}, { token }]) {
      const res = await app.call('GET', '/api/web-settings', init);
      expect(res.status).toBe(200);
      expect(res.headers.has('x-session-ended')).toBe(false);
    }
    expect((await app.call('GET', LOGIN_REQUIRED, { token })).status).toBe(200);
  });
});

describe('a deactivated account', () => {
  it("is told so with its live session's next call, and browses public calls as a visitor", async () => {
    const account = await userWithPassword(db());
    const admin = await adminToken(app);
    expect((await app.call('POST', `/api/admin/users/${account.user.id}/deactivate`, { token: admin })).status).toBe(
      200,
    );

    const refused = await app.call('GET', LOGIN_REQUIRED, { token: account.token });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      message: 'Your Account have been Deactivetd by Admin',
      data: { code: 'account_deactivated' },
    });
    expect(refused.headers.get('x-session-ended')).toBe('deactivated');

    const browsing = await app.call('GET', '/api/web-settings', { token: account.token });
    expect(browsing.status).toBe(200);
    expect(browsing.headers.get('x-session-ended')).toBe('deactivated');

    // Reactivated, the account signs in again; the sessions revoked with the deactivation stay ended.
    await app.call('POST', `/api/admin/users/${account.user.id}/reactivate`, { token: admin });
    const stale = await app.call('GET', LOGIN_REQUIRED, { token: account.token });
    expect(stale.body.data.code).toBe('unauthenticated');
    expect(stale.headers.get('x-session-ended')).toBe('invalid');
  });
});
