import { expect, test } from '@playwright/test';

/*
 * Where the sign-in pages send a visitor afterwards (`next`) is always a page of this site: browsers drop tab, CR
 * and LF from an address and read a backslash as a slash, so each of these would leave the site if passed on as is.
 */
const OFF_SITE = [
  '/\t/evil.example',
  '/\t\\evil.example',
  '/\r\n/evil.example',
  '//evil.example',
  '/\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
];
const SIGN_IN_PAGES = ['/login', '/register', '/login/otp'];
const USER = { email: 'user1@example.com', password: 'demo1234' };

test('signing in with a return address off the site lands on the site', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await page.goto(`/login?next=${encodeURIComponent('/\t/evil.example')}`);
  await page.getByLabel('Email').fill(USER.email);
  await page.getByLabel('Password').fill(USER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(origin);

  // Signed in, each sign-in page sends the visitor on at once: to the site, whatever the address.
  for (const path of SIGN_IN_PAGES)
    for (const next of OFF_SITE) {
      const response = await page.request.get(`${path}?next=${encodeURIComponent(next)}`, { maxRedirects: 0 });
      const what = `${path} next=${JSON.stringify(next)}`;
      expect(response.status(), what).toBe(302);
      expect(new URL(response.headers()['location']!, origin).origin, what).toBe(origin);
      await page.goto(`${path}?next=${encodeURIComponent(next)}`);
      expect(new URL(page.url()).origin, what).toBe(origin);
    }
});

test('a return address holding CR or LF is no fault: the sign-in pages show, their links stay on the site', async ({
  page,
}) => {
  for (const path of SIGN_IN_PAGES) {
    const response = await page.goto(`${path}?next=${encodeURIComponent('/a\r\nSet-Cookie: x=1')}`);
    expect(response?.status(), path).toBe(200);
    // The links the page makes of its return address (the language links keep the address as it was asked for).
    for (const link of await page.locator('a[href*="?next="]:not([href*="lang="])').all())
      expect(await link.getAttribute('href'), path).not.toMatch(/%0[ad]/i);
  }
});
