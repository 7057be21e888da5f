import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('a user applies for agent verification, waits for review, an admin verifies them and the badge appears', async ({
  page,
  browser,
}) => {
  test.slow();
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `Vera Agent ${tag}`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill(name);
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
  await page
    .getByLabel('Identity document')
    .setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Apply for verification' }).click();
  await expect(page.getByLabel('Licence number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Full legal name')).toHaveValue('Vera Agent');
  // The browser cannot keep the chosen file: the form says so beside its field.
  await expect(page.getByLabel('Identity document')).toHaveAccessibleDescription(/^You had chosen id\.pdf\./);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Licence number').fill('LIC-778899');
  await page
    .getByLabel('Identity document')
    .setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByLabel('Years of experience').selectOption('3-5');
  await page.getByRole('button', { name: 'Apply for verification' }).click();
  // Post/Redirect/Get: reloading the answer does not apply again.
  await expect(page).toHaveURL(/\/user\/verification\?notice=applied$/);
  await expect(page.getByText('Your application has been sent. An admin will review it.')).toBeVisible();
  await expect(page.getByText('Your Verification is Under Review')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply for verification' })).toHaveCount(0);

  // An admin finds the application in the queue and verifies the applicant.
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/login?next=/admin/verification');
  await admin.getByLabel('Email').fill('admin@example.com');
  await admin.getByLabel('Password').fill('admin1234');
  await admin.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/verification$/);
  await admin.getByRole('link', { name }).click();
  await expect(admin.getByText('LIC-778899')).toBeVisible();
  await admin.getByRole('button', { name: 'Verify' }).click();
  await expect(admin.getByText('The applicant is now a verified agent.')).toBeVisible();

  // The applicant is told, and the badge shows on their verification page and their public agent page.
  await page.goto('/user/notifications');
  await expect(page.getByRole('link', { name: 'You are now a verified agent' })).toBeVisible();
  await page.goto('/user/verification');
  await expect(page.locator('.badge--verified')).toBeVisible();
  const slug = (await (await page.request.get('/api/get-user-data')).json()).data.slug_id as string;
  await page.goto(`/agents/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('.badge--verified')).toBeVisible();
});

test('private uploads are never served as public files', async ({ request }) => {
  expect((await request.get('/uploads/private/verification/u1-anything.pdf')).status()).toBe(404);
});
