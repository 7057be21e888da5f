import { expect, test, type Page } from '@playwright/test';
import { waitForIslands } from '../support/hydration.ts';

const firstTitle = (page: Page) => page.getByTestId('property-card').first().getByRole('link').textContent();
const pageOf = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).locator('[aria-current="page"]');

test('with JavaScript, each page of results is a history entry that Back and Forward show again', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Properties', exact: true }).click();
  await expect(page).toHaveURL(/\/properties$/);
  await waitForIslands(page);
  // Set on this document: still there after Back and Forward means no page was reloaded.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const length = await page.evaluate(() => history.length);
  const first = await firstTitle(page);

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/properties\?page=2$/);
  await expect(pageOf(page)).toContainText('Page 2 of');
  const second = await firstTitle(page);
  expect(second).not.toBe(first);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/properties\?page=3$/);
  await expect(pageOf(page)).toContainText('Page 3 of');
  expect(await page.evaluate(() => history.length)).toBe(length + 2);

  await page.goBack();
  await expect(page).toHaveURL(/\/properties\?page=2$/);
  await expect(pageOf(page)).toContainText('Page 2 of');
  expect(await firstTitle(page)).toBe(second);
  await page.goBack();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(pageOf(page)).toContainText('Page 1 of');
  expect(await firstTitle(page)).toBe(first);
  await page.goForward();
  await expect(page).toHaveURL(/\/properties\?page=2$/);
  await expect(pageOf(page)).toContainText('Page 2 of');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('with JavaScript, a filter change and "Clear all" are history entries too', async ({ page }) => {
  await page.goto('/properties');
  await waitForIslands(page);
  await page.getByLabel('Type', { exact: true }).selectOption('rent');
  await expect(page).toHaveURL(/property_type=rent/);
  await expect(page.getByRole('link', { name: 'Remove filter Type: For rent' })).toBeVisible();

  await page.getByRole('link', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(page.getByRole('link', { name: 'Clear all' })).toHaveCount(0);

  // Back brings the filter back, in the results and in the form; Forward clears it again.
  await page.goBack();
  await expect(page).toHaveURL(/property_type=rent/);
  await expect(page.getByRole('link', { name: 'Remove filter Type: For rent' })).toBeVisible();
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('rent');
  await page.goForward();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('');
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(page.getByRole('link', { name: 'Clear all' })).toHaveCount(0);
});
