import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, none } of [
    { path: '/properties', none: 'No properties match' },
    { path: '/projects', none: 'No projects' },
    { path: '/articles', none: 'No articles' },
    { path: '/agents', none: 'No agents' },
  ])
    test(`a page number past the end of ${path} says so and links to the last page`, async ({ page }) => {
      const response = await page.goto(`${path}?page=999`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText('Page 999 is past the end of this list.')).toBeVisible();
      await expect(page.getByText(none)).toHaveCount(0);
      await expect(page.getByText(/Page 999 of/)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Previous' })).toHaveCount(0);

      const last = page.getByRole('link', { name: /^Go to the last page, page \d+$/ });
      const pages = Number((await last.textContent())!.match(/\d+$/)![0]);
      await last.click();
      await expect(page).toHaveURL(pages > 1 ? new RegExp(`\\?page=${pages}$`) : new RegExp(`${path}$`));
      if (pages > 1) await expect(page.getByText(`Page ${pages} of ${pages}`)).toBeVisible();
      await expect(page.getByText('is past the end')).toHaveCount(0);
      await expect(page.locator('.card-grid > li').first()).toBeVisible();
    });
});

test('the message past the end is accessible, in English and Arabic', async ({ page }) => {
  await page.goto('/properties?page=999');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/properties?page=999&lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('الصفحة 999 بعد نهاية هذه القائمة.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
