import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.ts';

const password = 'sign-out-pass';

/** A new account, signed in through the login page. */
async function signedIn(page: Page, baseURL: string) {
  const email = `sign-out-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
  const registered = await page.request.post('/api/user-register', {
    data: {
      name: 'Sam Signout',
      email,
      mobile: `+3519${Math.floor(1e7 + Math.random() * 8.9e7)}`,
      password,
      re_password: password,
    },
    headers: { origin: baseURL },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

test('opening /logout asks before signing out, and signs out once confirmed', async ({ page, baseURL }) => {
  await signedIn(page, baseURL!);
  const response = await page.goto('/logout');
  expect(response?.status()).toBe(200);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Sign out' })).toBeVisible();
  await expect(
    main.getByText('You are signed in as Sam Signout. Sign out of your account on this device?'),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  // Opening the page signed nobody out: the rest of the site still knows the account.
  await main.getByRole('link', { name: 'Stay signed in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await page.goto('/logout');
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'session')).toBeUndefined();
});

test('a visitor who opens /logout reads that they are signed out already', async ({ page }) => {
  expect((await page.goto('/logout'))?.status()).toBe(200);
  const main = page.getByRole('main');
  await expect(main.getByText('You are already signed out.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('button')).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('another site cannot sign anyone out: its post is refused', async ({ page, baseURL }) => {
  await signedIn(page, baseURL!);
  const refused = await page.request.post('/logout', { headers: { origin: 'https://evil.example' }, maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});
