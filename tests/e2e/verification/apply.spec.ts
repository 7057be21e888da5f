import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('a user applies for agent verification, is told what is missing, then waits for review', async ({ page }) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Vera Agent');
  await page.getByLabel('Email').fill(`vera-${tag}@example.com`);
  await page.getByLabel('Mobile number').fill(`+1444${String(Date.now()).slice(-7)}`);
  await page.getByLabel('Password', { exact: true }).fill('vera-pass');
  await page.getByLabel('Confirm password').fill('vera-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/user\/profile/);

  await page.goto('/user/verification');
  await expect(page.getByRole('heading', { level: 1, name: 'Agent verification' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Full legal name').fill('Vera Agent');
  await page.getByRole('button', { name: 'Apply for verification' }).click();
  await expect(page.getByLabel('Licence number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Full legal name')).toHaveValue('Vera Agent');

  await page.getByLabel('Licence number').fill('LIC-778899');
  await page
    .getByLabel('Identity document')
    .setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByLabel('Years of experience').selectOption('3-5');
  await page.getByRole('button', { name: 'Apply for verification' }).click();
  await expect(page.getByText('Your application has been sent. An admin will review it.')).toBeVisible();
  await expect(page.getByText('Your Verification is Under Review')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply for verification' })).toHaveCount(0);
});

test('private uploads are never served as public files', async ({ request }) => {
  expect((await request.get('/uploads/private/verification/u1-anything.pdf')).status()).toBe(404);
});
