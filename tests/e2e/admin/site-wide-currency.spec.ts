import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * The currency is shown on every page, and other tests read prices in dollars. So this file runs in its own
 * Playwright project, after all the others have finished (playwright.config.ts), and puts the dollar back even
 * when a step fails.
 */
const ADMIN = { email: 'admin@example.com', password: 'admin1234' };
const CODE_LABEL = 'Currency code (ISO 4217, such as USD)';

test('an admin changes the currency symbol and a visitor sees it; bad input gets field messages', async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN, '/admin/settings');
  await expectNoSeriousA11yViolations(page);
  const currency = page.getByTestId('settings-currency');
  await currency.getByLabel(CODE_LABEL).fill('euro');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Enter the ISO 4217 code of a currency, such as USD or EUR.')).toBeVisible();

  try {
    await currency.getByLabel('Currency symbol').fill('€');
    await currency.getByLabel(CODE_LABEL).fill('EUR');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    // Secrets are write-only: never in the page.
    await expect(page.getByLabel('Stripe secret key')).toHaveValue('');

    const visitor = await browser.newPage();
    await visitor.goto('/properties');
    await expect(visitor.locator('body')).toContainText('€');
    await visitor.close();
  } finally {
    await page.goto('/admin/settings');
    await currency.getByLabel('Currency symbol').fill('$');
    await currency.getByLabel(CODE_LABEL).fill('USD');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
  }
  const settings = await (await page.request.get('/api/web-settings')).json();
  expect(settings.data.currency_symbol).toBe('$');
});
