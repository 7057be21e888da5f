import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/hydration.ts';

test('an agent adds a property with photos, sees it pending, edits it and marks it sold', async ({ page, browser }) => {
  test.slow();
  const title = `Harbour loft ${Date.now().toString(36)}`;
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#5b8' } })
    .jpeg()
    .toBuffer();

  await page.goto('/login?next=/user/properties');
  await page.getByLabel('Email').fill('agent2@example.com');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/properties$/);

  await page.getByRole('link', { name: 'Add property' }).click();
  await expect(page).toHaveURL(/\/user\/properties\/new$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('radio', { name: 'Apartment' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Category: Apartment.')).toBeVisible();

  // The form goes one section at a time; leaving out the price stops at the first section with its message.
  await waitForIslands(page);
  await expect(page.getByText('Step 1 of 7')).toBeVisible();
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Bright loft over the harbour with two bedrooms.');
  await next();
  await expect(page.getByText('Enter a price above zero.', { exact: true })).toBeVisible();
  await expect(page.getByText('Step 1 of 7')).toBeVisible();
  await page.getByLabel('Price').fill('420000');
  await next();
  // An empty location: one message per missing field; a blank coordinate is required, not out of range.
  await expect(page.getByText('Step 2 of 7')).toBeVisible();
  await next();
  await expect(page.getByText('Step 2 of 7')).toBeVisible();
  for (const [label, message] of [
    ['Full address', 'Enter the address.'],
    ['City', 'Enter the city.'],
    ['State or region', 'Enter the state or region.'],
    ['Country', 'Enter the country.'],
    ['Latitude', 'Enter the latitude, or choose the place on the map.'],
    ['Longitude', 'Enter the longitude, or choose the place on the map.'],
  ] as const) {
    // After the coordinates' hint (optional when the place is named), the message.
    await expect(page.getByLabel(label)).toHaveAccessibleDescription(
      new RegExp(`${message.replace(/[.,]/g, '\\$&')}$`),
    );
    await expect(page.getByText(message, { exact: true })).toHaveCount(1);
  }
  await expect(page.getByText(/Choose a location with|between -90 and 90/)).toHaveCount(0);
  await page.getByLabel('Full address').fill('3 Quay Street, Lisbon, Portugal');
  await page.getByLabel('City').fill('Lisbon');
  await page.getByLabel('State or region').fill('Lisbon');
  await page.getByLabel('Country').fill('Portugal');
  await page.getByLabel('Latitude').fill('38.70');
  await page.getByLabel('Longitude').fill('-9.13');
  await next();
  await page.getByLabel('Bedrooms').fill('2');
  await next();
  await page.getByLabel('Hospital (km)').fill('1.2');
  await next();
  await page.getByLabel('Title image').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByLabel('Gallery photos').setInputFiles([
    { name: 'a.jpg', mimeType: 'image/jpeg', buffer: photo },
    { name: 'b.jpg', mimeType: 'image/jpeg', buffer: photo },
  ]);
  await next();
  // Floors come one at a time: a second needs the first filled.
  await page.getByRole('button', { name: 'Add a floor' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'before adding another' })).toBeVisible();
  await next();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Send for review' }).click();

  // Its own page shows it waiting for review.
  await expect(page).toHaveURL(/\/my-property\/harbour-loft-/);
  await expect(page.getByText('Your property has been sent for review.')).toBeVisible();
  await expect(page.getByTestId('property-state')).toContainText('Waiting for review');
  await expectNoSeriousA11yViolations(page);

  // Edit it.
  await page.getByRole('link', { name: 'Edit' }).click();
  await waitForIslands(page);
  await expect(page.getByLabel('Price')).toHaveValue('420000');
  await page.getByLabel('Price').fill('399000');
  for (let step = 1; step < 7; step++) await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes have been sent for review.')).toBeVisible();

  // Mark it sold.
  await page.getByRole('button', { name: 'Mark as sold' }).click();
  await expect(page.getByTestId('property-state')).toContainText('Sold');

  // Another agent cannot open it, nor its edit page.
  const ownPage = new URL(page.url()).pathname;
  const editHref = await page.getByRole('link', { name: 'Edit' }).getAttribute('href');
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto('/login');
  await strangerPage.getByLabel('Email').fill('agent3@example.com');
  await strangerPage.getByLabel('Password').fill('demo1234');
  await strangerPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(strangerPage.getByRole('link', { name: 'My profile' })).toBeVisible();
  expect((await strangerPage.goto(ownPage))!.status()).toBe(404);
  expect((await strangerPage.goto(editHref!))!.status()).toBe(404);
  await stranger.close();

  // It is listed among the agent's properties, and the public does not see it before review.
  await page.goto('/user/properties');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await page.goto('/user/dashboard');
  await expect(page.getByTestId('dashboard-stats')).toContainText('Sold or rented');
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/properties?search=${encodeURIComponent(title)}`);
  await expect(page.getByText('No properties match your search.')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the whole form is one page and the server explains what is missing', async ({ page }) => {
    await page.goto('/login?next=/user/properties/new%3Fcategory%3D1');
    await page.getByLabel('Email').fill('agent4@example.com');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Category: Apartment.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send for review' })).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill('No script flat');
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Title image').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByLabel('Gallery photos').setInputFiles([
      { name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'garden.jpg', mimeType: 'image/jpeg', buffer: photo },
    ]);
    await page.getByRole('button', { name: 'Send for review' }).click();
    await expect(page.getByText('Enter a price above zero.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Description', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('No script flat');
    // The browser dropped the chosen files; each file field that had some says which, and asks for them again.
    await expect(page.getByLabel('Title image')).toHaveAccessibleDescription(/You had chosen front\.jpg\./);
    await expect(page.getByLabel('Gallery photos')).toHaveAccessibleDescription(
      /^You had chosen kitchen\.jpg, garden\.jpg\. .*choose again\.$/,
    );
    await expect(page.getByTestId('choose-again')).toHaveCount(2);
  });
});
