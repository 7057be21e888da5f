import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

test('an incomplete profile cannot add a property: the Opps dialog leads to the profile', async ({ page }) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Gate Keeper');
  await page.getByLabel('Email').fill(`gate-${tag}@example.com`);
  await page.getByLabel('Mobile number').fill(`+1333${String(Date.now()).slice(-7)}`);
  await page.getByLabel('Password', { exact: true }).fill('gate-pass');
  await page.getByLabel('Confirm password').fill('gate-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/user\/profile/);

  await page.getByRole('link', { name: 'My properties' }).click();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Add property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Opps' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You have not completed your profile yet. Please complete first');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('link', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
});
