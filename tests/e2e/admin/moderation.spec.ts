import { expect, test, type Page } from '@playwright/test';
import { apiToken, photo, postListing } from '../support/api-listings.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';

// Demo mode cannot be switched on from here (only the server or its database can, by design): the API tests
// (tests/api/admin-*.test.ts) cover it.

const OWNER = { email: 'agent3@example.com', password: 'demo1234' };
const ADMIN = { email: 'admin@example.com', password: 'admin1234' };

/** The admin opens the listing from the properties queue, found by its title. */
async function openInQueue(page: Page, title: string) {
  await page.goto('/admin/properties');
  await page.getByLabel('Search by title or id').fill(title);
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByTestId('review-queue').getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('an admin rejects a new listing with a reason, the owner fixes it, the admin approves, visitors see it, the log outlives it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const title = `Admin review loft ${Date.now().toString(36)}`;
  const reason = `Please add a photo of the kitchen ${Date.now().toString(36)}`;

  // The owner posts through the API, as the mobile app would.
  const ownerToken = await apiToken(request, OWNER);
  // Astro refuses cross-site form posts; the app's client sends its own origin.
  const auth = { authorization: `Bearer ${ownerToken}`, origin: baseURL! };
  const room = await photo();
  const property = await postListing(request, baseURL!, ownerToken, {
    title,
    description: 'A bright loft with a balcony, two bedrooms and a view of the river.\nThe kitchen is new.',
    'gallery_images[]': { name: 'room.jpg', mimeType: 'image/jpeg', buffer: room },
  });
  expect(property.admin_status).toBe('pending');

  // The admin signs in, opens the console from the header and rejects it with a reason.
  await signIn(page, ADMIN, '/');
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: /Properties waiting for review/ }).click();
  await expect(page).toHaveURL(/\/admin\/properties$/);
  await expectNoSeriousA11yViolations(page);
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await openInQueue(page, title);
  await expect(page.getByTestId('review-state')).toContainText('Waiting for review');
  // Everything the owner sent: the address, the coordinates, the gallery, the description's line breaks.
  await expect(page.getByText('12 River Street, Lisbon, Portugal')).toBeVisible();
  await expect(page.getByText('38.71, -9.14')).toBeVisible();
  await expect(page.getByTestId('review-gallery').getByRole('img', { name: 'Gallery photo 1' })).toBeVisible();
  await expect(page.getByText(/view of the river\.\s*The kitchen is new\./)).toHaveCSS('white-space', 'pre-line');
  expect(cspViolations).toEqual([]);
  await page.getByRole('button', { name: 'Reject' }).click();
  // The reason is required (the browser stops the empty form first; the server would too).
  await expect(page).toHaveURL(new RegExp(`/admin/properties/${property.id}$`));
  await page.getByLabel('Reason for rejecting').fill(reason);
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page).toHaveURL(/\/admin\/properties\?notice=rejected$/);
  await expect(page.getByText('Rejected. The owner sees the reason.')).toBeVisible();

  // The owner reads the reason on their listings.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, OWNER, '/user/properties');
  const item = ownerPage.locator('.status-list li').filter({ hasText: title });
  await expect(item).toContainText('Rejected');
  await expect(item).toContainText(`Reason: ${reason}`);

  // A visitor cannot see it yet; an ordinary user cannot open the console.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`/properties-details/${property.slug_id}`))!.status()).toBe(404);
  const forbidden = await ownerPage.goto('/admin/properties');
  expect(forbidden!.status()).toBe(403);
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Admin Only Operation' })).toBeVisible();
  await expect(ownerPage.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

  // The owner edits it (back to review), and the admin approves.
  const edited = await request.post('/api/update_post_property', {
    headers: auth,
    multipart: { id: String(property.id), price: '299000' },
  });
  expect(edited.status()).toBe(200);
  expect((await edited.json()).data.admin_status).toBe('pending');
  await openInQueue(page, title);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/admin\/properties\?notice=approved$/);
  await expect(page.getByText('Approved.', { exact: true })).toBeVisible();

  // Visitors now find it, and the audit log holds both decisions.
  const shown = await visitorPage.goto(`/properties-details/${property.slug_id}`);
  expect(shown!.status()).toBe(200);
  await expect(visitorPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.goto('/admin/audit?entity=property');
  const rows = page
    .getByTestId('audit-log')
    .locator('tbody tr')
    .filter({ hasText: `#${property.id}` });
  // Actions and kinds in words, not the codes the log stores.
  const action = (name: string) => rows.filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(action('Approved')).toHaveCount(1);
  await expect(action('Rejected')).toHaveCount(1);
  await expect(rows.first()).toContainText('Property');
  // The subject by its title, linked to its page in the console.
  await expect(rows.first().getByRole('link', { name: title, exact: true })).toHaveAttribute(
    'href',
    `/admin/properties/${property.id}`,
  );
  await expect(page.getByTestId('audit-log')).not.toContainText('property.approve');

  // Once the owner deletes it, the log still names it, says it is gone, and links to no missing page.
  const deleted = await request.post('/api/delete_property', { headers: auth, data: { id: property.id } });
  expect(deleted.status(), await deleted.text()).toBe(200);
  await page.reload();
  await expect(rows.first()).toContainText(title);
  await expect(rows.first()).toContainText('(deleted since)');
  await expect(rows.getByRole('link', { name: title, exact: true })).toHaveCount(0);

  await ownerContext.close();
  await visitor.close();
});

test('visitors are sent to sign in, and the console works right to left', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fusers$/);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByLabel('Name, email or mobile').fill('agent3@example.com');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByTestId('user-list').locator('tbody tr')).toHaveCount(1);

  await page.goto('/admin/reports?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'البلاغات عن الإعلانات' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'لوحة الإدارة' }).getByRole('link', { name: 'البلاغات' }),
  ).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page);
});
