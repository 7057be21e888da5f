import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { JWKS_PORT } from '../support/ports.ts';
import { expect, test, type Page } from '@playwright/test';

/*
 * The Firebase popup needs Google's servers, which this machine cannot reach. The test stands in for the SDK:
 * it signs an ID token with a local key (served as the JWKS the e2e server trusts) and submits the page's own
 * Google form with it, so everything from the form onwards is real.
 */
test.describe.configure({ mode: 'serial' });
let server: http.Server;
let privateKey: CryptoKey;

test.beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'e2e', alg: 'RS256', use: 'sig' };
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(JWKS_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const token = (aud = 'marketplace-e2e') =>
  new SignJWT({ email: 'google.user@example.com', email_verified: true, name: 'Gia Google' })
    .setProtectedHeader({ alg: 'RS256', kid: 'e2e' })
    .setIssuer('https://securetoken.google.com/marketplace-e2e')
    .setAudience(aud)
    .setSubject('e2e-google-uid')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);

async function submitGoogleForm(page: Page, idToken: string) {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await page.evaluate((value) => {
    const form = document.querySelector<HTMLFormElement>('form[action^="/login/google"]')!;
    form.querySelector<HTMLInputElement>('input[name="id_token"]')!.value = value;
    form.submit();
  }, idToken);
}

test('a verified Google ID token signs in and creates the account', async ({ page }) => {
  await submitGoogleForm(page, await token());
  // A new account's profile is incomplete: with no page to return to, that is where it starts.
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByLabel('Email')).toHaveValue('google.user@example.com');
});

test('a token for another project is refused with a translated message', async ({ page }) => {
  const landing = page.waitForResponse((response) => response.url().includes('/login?error='));
  await submitGoogleForm(page, await token('someone-else'));
  await expect(page).toHaveURL(/\/login\?error=invalid_id_token/);
  await expect(page.getByRole('alert')).toHaveText('Google sign-in could not be verified. Please try again.');
  // A failed sign-in is an error page: its status, and its title's first word for screen readers.
  expect((await landing).status()).toBe(401);
  await expect(page).toHaveTitle(/^Error: /);
});
