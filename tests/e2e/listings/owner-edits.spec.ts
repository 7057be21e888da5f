import { expect, test, type Page } from '@playwright/test';
import { apiToken, photo } from '../support/api-listings.ts';
import { waitForIslands } from '../support/hydration.ts';
import { signIn } from '../support/sign-in.ts';

// Demo agents no other spec uses.
const PLAIN = { email: 'agent15@example.com', password: 'demo1234' };
const PHONE = { email: 'agent7@example.com', password: 'demo1234' };

/** The listing as its owner's API sees it. */
async function ownListing(page: Page, token: string, slug: string) {
  const res = await page.request.get(`/api/get-added-properties?slug_id=${encodeURIComponent(slug)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()).data.items[0];
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an owner posts without coordinates, changes the status by PRG, and clears fields on the edit form', async ({
    page,
    request,
  }) => {
    test.slow();
    const title = `Plain cottage ${Date.now().toString(36)}`;
    const image = async (name: string) => ({ name, mimeType: 'image/jpeg', buffer: await photo() });
    await signIn(page, PLAIN, '/user/properties/new?category=1');
    await expect(page.getByText('Category: Apartment.')).toBeVisible();
    // No one types coordinates: without the map they are optional, and say so.
    await expect(page.getByLabel('Latitude')).not.toHaveAttribute('required');
    await expect(page.getByLabel('Latitude')).toHaveAccessibleDescription(/Optional when the city/);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill('A cottage posted from a browser without scripts.');
    await page.getByLabel('Price').fill('180000');
    await page.getByLabel('Full address').fill('3 Rua Nova, Lisbon, Portugal');
    await page.getByLabel('City').fill('Lisbon');
    await page.getByLabel('State or region').fill('Lisbon');
    await page.getByLabel('Country').fill('Portugal');
    await page.getByLabel('Video link').fill('https://video.example/cottage');
    await page.getByLabel('Title image').setInputFiles(await image('front.jpg'));
    await page.getByLabel('Share image').setInputFiles(await image('share.jpg'));
    await page.getByRole('button', { name: 'Send for review' }).click();
    await expect(page.getByText('Your property has been sent for review.')).toBeVisible();
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    const token = await apiToken(request, PLAIN);
    const posted = await ownListing(page, token, slug);
    // Placed at the city's centre, so it has a point on the map.
    expect(posted.latitude).toBeCloseTo(38.7, 0);
    expect(posted.longitude).toBeCloseTo(-9.1, 0);

    // A status change answers 303 to the page with its notice: reloading it does not post again.
    const [statusPost] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Hide' }).click(),
    ]);
    expect(statusPost.status()).toBe(303);
    await expect(page).toHaveURL(/\?notice=status$/);
    await expect(page.getByText('The status has been changed.')).toBeVisible();
    await expect(page.getByTestId('property-state')).toContainText('Inactive');
    const [reload] = await Promise.all([page.waitForRequest(() => true), page.reload()]);
    expect(reload.method()).toBe('GET');

    // The edit form: the saved share image with its Remove box; emptied fields are cleared.
    await page.getByRole('link', { name: 'Edit' }).click();
    const share = page.getByRole('group', { name: 'Current share image' });
    await expect(share.getByRole('img', { name: 'Share image' })).toBeVisible();
    await page.getByLabel('Video link').fill('');
    await share.getByLabel('Remove the share image (the title image is shared instead)').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your changes have been sent for review.')).toBeVisible();
    expect(await ownListing(page, token, slug)).toMatchObject({ video_link: null, meta_image: null });

    // A field the listing needs cannot be emptied: its message, the status, and nothing saved.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('group', { name: 'Current share image' })).toHaveCount(0);
    await page.getByLabel('Full address').fill('');
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Save changes' }).click(),
    ]);
    expect(refused.status()).toBe(422);
    await expect(page.getByLabel('Full address')).toHaveAccessibleDescription('Enter the address.');
    expect((await ownListing(page, token, slug)).formatted_address).toBe('3 Rua Nova, Lisbon, Portugal');
  });
});

test('on a phone, each step starts at its top and the place search works before the map is on screen', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 260 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // The map's code never arrives (wherever the map sits on the screen): the place search must not wait for it.
  await page.route(/leaflet-engine/, () => {});
  await signIn(page, PHONE, '/user/properties/new');
  await page.getByRole('radio', { name: 'Apartment' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Category: Apartment.')).toBeVisible();
  await waitForIslands(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByLabel('Title', { exact: true }).fill('Phone flat');
  await page.getByLabel('Description', { exact: true }).fill('A flat posted from a small phone screen.');
  await page.getByLabel('Price').fill('99000');
  await page.getByRole('button', { name: 'Next' }).click();

  // The location step: its name focused at the top of the screen, not the bottom where Next was.
  const legend = page.locator('legend', { hasText: 'Location' });
  await expect(legend).toBeFocused();
  const box = await legend.boundingBox();
  // At the top (scrolling is in whole pixels, the legend's place may not be).
  expect(box!.y).toBeGreaterThan(-1);
  expect(box!.y).toBeLessThan(80);

  // The map has not loaded; the search answers anyway and fills the fields.
  await expect(page.locator('[data-map-ready]')).toHaveCount(0);
  await page.getByLabel('Search for a place').fill('Coimbra');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('list', { name: 'Places found' }).getByRole('button').first().click();
  await expect(page.getByLabel('City')).toHaveValue('Coimbra');
  await expect(page.getByLabel('Latitude')).toHaveValue(/^40\./);
  await context.close();
});
