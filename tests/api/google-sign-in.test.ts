import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseVerifier } from '../../src/server/auth/google-id-token.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PROJECT = 'marketplace-test';
let server: http.Server;
let app: TestApp;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let jwksRequests = 0;

/** A local stand-in for Google's key endpoint, served over real HTTP. */
beforeAll(async () => {
  const ours = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  signingKey = ours.privateKey;
  strangerKey = stranger.privateKey;
  const jwk: JWK = { ...(await exportJWK(ours.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  server = http.createServer((_req, res) => {
    jwksRequests++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  app = await createTestApp({
    idTokens: createFirebaseVerifier({ projectId: PROJECT, jwksUrl: `http://127.0.0.1:${port}/keys` }),
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function idToken(
  overrides: {
    aud?: string;
    iss?: string;
    exp?: number;
    emailVerified?: boolean;
    key?: CryptoKey;
    email?: string;
    sub?: string;
  } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: overrides.email ?? 'gail@example.com',
    email_verified: overrides.emailVerified ?? true,
    name: 'Gail Google',
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(overrides.iss ?? `https://securetoken.google.com/${PROJECT}`)
    .setAudience(overrides.aud ?? PROJECT)
    .setSubject(overrides.sub ?? 'google-uid-1')
    .setIssuedAt(now - 60)
    .setExpirationTime(overrides.exp ?? now + 3600)
    .sign(overrides.key ?? signingKey);
}

const signIn = (token: string) =>
  app.call('POST', '/api/user_signup', { body: { logintype: 'google', auth_id: token } });

describe('Google sign-in', () => {
  it('accepts a valid ID token, creating the account once', async () => {
    const first = await signIn(await idToken());
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      email: 'gail@example.com',
      name: 'Gail Google',
      logintype: 'google',
      token: expect.any(String),
    });
    const second = await signIn(await idToken());
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(jwksRequests).toBeGreaterThan(0);
  });

  it('refuses a wrong audience, a wrong issuer, an expired token, a foreign signature and an unverified email', async () => {
    const now = Math.floor(Date.now() / 1000);
    const bad = [
      await idToken({ aud: 'someone-elses-project' }),
      await idToken({ iss: 'https://securetoken.google.com/someone-else' }),
      await idToken({ exp: now - 120 }),
      await idToken({ key: strangerKey }),
      await idToken({ emailVerified: false, email: 'unverified@example.com', sub: 'google-uid-2' }),
    ];
    for (const token of bad) {
      const res = await signIn(token);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Google sign-in could not be verified. Please try again.');
    }
  });

  it('refuses a tampered payload', async () => {
    const [header, , signature] = (await idToken()).split('.');
    const payload = Buffer.from(
      JSON.stringify({
        email: 'admin@example.com',
        email_verified: true,
        sub: 'x',
        aud: PROJECT,
        iss: `https://securetoken.google.com/${PROJECT}`,
        exp: 9999999999,
      }),
    ).toString('base64url');
    expect((await signIn(`${header}.${payload}.${signature}`)).status).toBe(401);
  });
});

describe('Google sign-in when the site has no Firebase project', () => {
  it('says it is not available', async () => {
    const plain = await createTestApp();
    const res = await plain.call('POST', '/api/user_signup', {
      body: { logintype: 'google', auth_id: 'x'.repeat(40) },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Google sign-in is not available on this site.');
  });
});
