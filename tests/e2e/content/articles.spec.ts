import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

test('a reader browses articles by category and opens one with its meta tags', async ({ page }) => {
  await page.goto('/articles');
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const categories = page.getByRole('navigation', { name: 'Article categories' });
  const category = categories.getByRole('link').nth(1);
  const categoryName = ((await category.textContent()) ?? '').replace(/\s*\(\d+\)\s*$/, '').trim();
  await category.click();
  await expect(page).toHaveURL(/\/articles\?category=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Articles: ${categoryName}`);

  const first = page.locator('.card-grid .card__title a').first();
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/articles\/[a-z0-9-]+$/);
  const slug = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Articles');

  // What crawlers and link previews read.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/articles/${slug}$`));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description!.length).toBeGreaterThan(20);
  expect(description!.length).toBeLessThanOrEqual(160);
  expect(await page.title()).toContain(title.slice(0, 20));
  await expect(page.locator('article.prose script')).toHaveCount(0);
  const ld = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((nodes) => nodes.map((n) => JSON.parse(n.textContent ?? '{}')));
  expect(ld.find((b) => b['@type'] === 'Article')).toMatchObject({ headline: title });
  expect(ld.find((b) => b['@type'] === 'BreadcrumbList').itemListElement).toHaveLength(3);
  await expectNoSeriousA11yViolations(page);
});

test('an unknown article is a 404 page', async ({ page }) => {
  const response = await page.goto('/articles/no-such-article');
  expect(response?.status()).toBe(404);
});

for (const [path, heading] of [
  ['/about-us', 'About us'],
  ['/privacy-policy', 'Privacy policy'],
  ['/terms-and-conditions', 'Terms and conditions'],
] as const) {
  test(`${path} shows the text the admin wrote`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('article.prose p').first()).not.toBeEmpty();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: heading })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
