import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin1234' };

test("an admin edits a category's Arabic name and the Arabic page shows it", async ({ page, browser }) => {
  test.slow();
  const tag = Date.now().toString(36);
  await signIn(page, ADMIN, '/admin/content/categories/new');
  await page.getByLabel('Name', { exact: true }).fill(`Chalets ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created.')).toBeVisible();

  // One box per language but the default; the name typed in it reads right to left by itself.
  const arabicName = page.getByLabel('Name in العربية');
  await expect(arabicName).toHaveValue('');
  await expect(arabicName).toHaveAttribute('lang', 'ar');
  await expectNoSeriousA11yViolations(page);
  await arabicName.fill(`شاليهات ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByLabel('Name in العربية')).toHaveValue(`شاليهات ${tag}`);

  const visitor = await browser.newPage();
  await visitor.goto(`/categories/chalets-${tag}?lang=ar`);
  await expect(visitor.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(`شاليهات ${tag}`);
  await visitor.goto(`/categories/chalets-${tag}?lang=en`);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(`Chalets ${tag}`);
  await visitor.close();
});

test('listing cards and the category filter name the demo categories in Arabic', async ({ page }) => {
  await page.goto('/properties?lang=ar&category=apartment');
  await expect(page.getByTestId('property-card').first()).toContainText('شقة');
  await expect(page.getByRole('option', { name: 'شقة' })).toBeAttached();
  await page.goto('/properties?lang=en&category=apartment');
  await expect(page.getByTestId('property-card').first()).toContainText('Apartment');
});

test('project cards and a project page name the demo categories in Arabic', async ({ page }) => {
  const reply = await page.request.get('/api/get-projects?limit=1&lang=ar');
  const [project] = (await reply.json()).data.items as { slug_id: string; category: { name: string } }[];
  expect(project!.category.name).toMatch(/\p{Script=Arabic}/u);
  await page.goto('/projects?lang=ar');
  await expect(page.getByTestId('project-card').first()).toContainText(project!.category.name);
  await page.goto(`/project-details/${project!.slug_id}?lang=ar`);
  await expect(page.locator('[aria-labelledby="project-title"] > .tag-row')).toContainText(project!.category.name);
});
