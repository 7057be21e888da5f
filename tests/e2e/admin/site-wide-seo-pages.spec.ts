import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';

/*
 * The search-engine texts an admin sets for the home page (Content, SEO by page) are what its <head> says. Every
 * visitor's home page changes, so this file runs in the site-wide Playwright project, after all the others, and
 * deletes the entry again even when a step fails.
 */
const ADMIN = { email: 'admin@example.com', password: 'admin1234' };
const TITLE = 'Homes in Lisbon and Porto, checked';
const DESCRIPTION = 'Flats, houses and land for sale and rent, each listing checked by our team before it goes live.';
const KEYWORDS = 'homes, flats, Lisbon, Porto';

test('the home page’s title and description follow the SEO texts set in the console', async ({ page, browser }) => {
  const visitor = await browser.newPage();
  await visitor.goto('/');
  const oldTitle = await visitor.title();
  const oldDescription = await visitor.locator('meta[name="description"]').getAttribute('content');

  await signIn(page, ADMIN, '/admin/content/seo-settings/new');
  await expectNoSeriousA11yViolations(page);
  let entry: string | null = null;
  try {
    await page.getByLabel('Page').selectOption({ label: 'Home' });
    await page.getByLabel('Meta title').fill(TITLE);
    await page.getByLabel('Meta description').fill(DESCRIPTION);
    await page.getByLabel('Meta keywords').fill(KEYWORDS);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Created.')).toBeVisible();
    entry = new URL(page.url()).pathname;

    await visitor.goto('/');
    await expect(visitor).toHaveTitle(TITLE);
    await expect(visitor.locator('meta[name="description"]')).toHaveAttribute('content', DESCRIPTION);
    await expect(visitor.locator('meta[name="keywords"]')).toHaveAttribute('content', KEYWORDS);
    await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', TITLE);
    // The page in another language too (the texts have no translations); other pages are untouched.
    await visitor.goto('/?lang=ar');
    await expect(visitor).toHaveTitle(TITLE);
    await visitor.goto('/faqs');
    await expect(visitor).not.toHaveTitle(TITLE);
  } finally {
    if (entry) {
      await page.goto(entry);
      const form = page.getByTestId('delete-entry');
      await form.getByRole('checkbox', { name: /I want to delete this entry/ }).check();
      await form.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Deleted.')).toBeVisible();
    }
  }

  // In English again (the visit in Arabic is remembered): the page's own title and description are back.
  await visitor.goto('/?lang=en');
  await expect(visitor).toHaveTitle(oldTitle);
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute('content', oldDescription ?? '');
  await visitor.close();
});
