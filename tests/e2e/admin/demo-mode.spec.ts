import { expect, test } from '@playwright/test';
import * as s from '../../../src/server/db/schema/index.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';

/*
 * Demo mode can only be switched on in the database (docs/decisions/008), so this runs a server of its own whose
 * database has it on, and shows an admin's change being refused with nothing changed.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let own: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  own = await startOwnServer({
    prepare: async (database) => {
      await database.db
        .insert(s.settings)
        .values({ key: 'demo_mode', value: true })
        .onConflictDoUpdate({ target: s.settings.key, set: { value: true } });
    },
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
  await currency.getByRole('button', { name: 'Save Currency' }).click();
  await expect(page.getByText('This Action is Not Allowed in Demo Mode').first()).toBeVisible();

  const settings = await (await page.request.get(`${own.url}/api/web-settings`)).json();
  expect(settings.data.currency_symbol).toBe('$');
});
