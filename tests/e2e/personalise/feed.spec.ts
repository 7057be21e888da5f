import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

test('a user sets feed preferences and the home page shows matching listings first', async ({ page }) => {
  await page.goto('/login?next=/user/personalise-feed');
  await page.getByLabel('Email').fill('user7@example.com');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Personalise your feed' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('City').fill('Lisbon');
  await page.getByRole('radio', { name: 'For rent' }).check();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  // Post/Redirect/Get: reloading the answer does not post the choices again.
  await expect(page).toHaveURL(/\/user\/personalise-feed\?notice=saved$/);
  await expect(page.getByText('Your preferences are saved.')).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('Lisbon');
  await expect(page.getByRole('heading', { level: 2, name: 'Your feed' })).toBeVisible();

  await page.goto('/');
  const forYou = page.getByRole('region', { name: 'Picked for you' });
  await expect(forYou).toBeVisible();
  const first = forYou.getByTestId('property-card').first();
  await expect(first).toContainText('Lisbon');
  await expect(first).toContainText('For rent');

  await page.goto('/user/personalise-feed');
  await page.getByRole('button', { name: 'Clear preferences' }).click();
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Picked for you' })).toHaveCount(0);
});
