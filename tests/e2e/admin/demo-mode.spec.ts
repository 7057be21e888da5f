import { expect, test } from '@playwright/test';
import { hashPassword } from '../../../src/server/auth/password.ts';
import * as s from '../../../src/server/db/schema/index.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';

/*
 * Demo mode turns the whole site read-only for everyone signed in, so this runs a server of its own with DEMO_MODE=true
 * (the database's setting stays off): an admin's change and a user's form post are refused with nothing changed,
 * while signing in and out still work.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let own: OwnServer;
const DEMO_USER = { email: 'demo-user@example.com', password: 'demo-pass', name: 'Demo User' };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  own = await startOwnServer({
    prepare: async (database) => {
      await database.db.insert(s.users).values({
        name: DEMO_USER.name,
        email: DEMO_USER.email,
        slug: 'demo-user',
        type: 'user',
        logintype: 'email',
        passwordHash: await hashPassword(DEMO_USER.password),
      });
    },
    env: () => ({ DEMO_MODE: 'true' }),
  });
});

test.afterAll(async () => {
  await own?.stop();
});

test('in demo mode an admin change is refused with the demo message and nothing changes', async ({ page }) => {
  await page.goto(`${own.url}/login?next=/admin/settings`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('admin1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // A fresh admin is first asked to complete their profile; the console is one link away.
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${own.url}/admin/settings`);

  const currency = page.getByTestId('settings-currency');
  await currency.getByLabel('Currency symbol').fill('€');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('This Action is Not Allowed in Demo Mode').first()).toBeVisible();

  const settings = await (await page.request.get(`${own.url}/api/web-settings`)).json();
  expect(settings.data.currency_symbol).toBe('$');
  expect(settings.data.demo_mode).toBe(true);
});

test('in demo mode a user signs in and out, but their form post is refused and changes nothing', async ({ page }) => {
  await page.goto(`${own.url}/login?next=/user/profile`);
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/profile/);

  await page.getByLabel('Full name').fill('Someone Else');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Save profile' }).click(),
  ]);
  expect(response.status()).toBe(403);
  await expect(page.getByText('This Action is Not Allowed in Demo Mode')).toBeVisible();

  await page.goto(`${own.url}/user/profile`);
  await expect(page.getByLabel('Full name')).toHaveValue(DEMO_USER.name);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});
