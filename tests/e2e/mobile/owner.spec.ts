import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/hydration.ts';

/*
 * A new owner's first steps on a phone: register, complete the profile and list a property at once (the site's
 * free package starts with the first listing), sign-in returning to where the owner was, the location picker and
 * the console's settings page keeping every edit.
 */
test.use({ viewport: { width: 390, height: 844 } });

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const mobileNumber = () => `+1444${String(Date.now()).slice(-7)}`;
const AGENT = { email: 'agent4@example.com', password: 'demo1234' };
const ADMIN = { email: 'admin@example.com', password: 'admin1234' };

async function signInAt(page: Page, who: { email: string; password: string }, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a brand-new account registers, completes its profile and lists a property without the plans page', async ({
  page,
}) => {
  test.slow();
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

  // "Add property" as a visitor: sign in, or create an account, and come back to adding.
  await page.goto('/user/properties?add=1');
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByRole('link', { name: 'New here? Create an account' }).click();
  const id = tag();
  await page.getByLabel('Full name').fill('First Owner');
  await page.getByLabel('Email').fill(`first-${id}@example.com`);
  await page.getByLabel('Mobile number').fill(mobileNumber());
  await page.getByLabel('Password', { exact: true }).fill('first-pass');
  await page.getByLabel('Confirm password').fill('first-pass');
  await page.getByRole('button', { name: 'Create account' }).click();

  // The profile step keeps where the owner was going, and can be left for later.
  await expect(page).toHaveURL(/\/user\/profile\?welcome=1&next=%2Fuser%2Fproperties%3Fadd%3D1$/);
  await expect(page.getByRole('link', { name: 'Not now: continue where I was' })).toHaveAttribute(
    'href',
    '/user/properties?add=1',
  );
  await page.getByLabel('Profile photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByLabel('Address').fill('8 River Road, Porto');
  await page.getByRole('button', { name: 'Save profile' }).click();

  // Complete, the owner is back at adding, which goes straight to the form: no package dialog.
  await expect(page).toHaveURL(/\/user\/properties\/new$/);
  await expect(page.getByTestId('free-start')).toHaveText(
    'Your first listings are free: posting starts the Free package, 3 listings for 30 days.',
  );
  await page.getByRole('radio', { name: 'Apartment' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForIslands(page);
  const next = () => page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Title', { exact: true }).fill(`First flat ${id}`);
  await page.getByLabel('Description', { exact: true }).fill('A bright first flat by the river, two bedrooms.');
  await page.getByLabel('Price').fill('180000');
  await next();
  await page.getByLabel('Full address').fill('8 River Road, Porto, Portugal');
  await page.getByLabel('City').fill('Porto');
  await page.getByLabel('State or region').fill('Porto');
  await page.getByLabel('Country').fill('Portugal');
  await page.getByLabel('Latitude').fill('41.15');
  await page.getByLabel('Longitude').fill('-8.61');
  await next();
  await page.getByLabel('Bedrooms').fill('2');
  await next();
  await next();
  await page.getByLabel('Title image').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo });
  await next();
  await next();
  await page.getByRole('button', { name: 'Send for review' }).click();

  await expect(page).toHaveURL(/\/my-property\/first-flat-/);
  await expect(page.getByText('Your property has been sent for review.')).toBeVisible();
  expect(visited.filter((url) => url.includes('/subscription-plan'))).toEqual([]);
  // The free package runs, one listing spent.
  await page.goto('/user/subscriptions');
  await expect(page.getByText('2 of 3 left').first()).toBeVisible();
});

test('signing in with an incomplete profile returns to the page asked for, not the welcome page', async ({
  page,
  request,
  baseURL,
}) => {
  const id = tag();
  const who = { email: `back-${id}@example.com`, password: 'back-pass' };
  const registered = await request.post('/api/user-register', {
    data: { name: `Back ${id}`, mobile: mobileNumber(), re_password: who.password, ...who },
    headers: { origin: baseURL! },
  });
  expect(registered.status(), await registered.text()).toBe(200);

  await signInAt(page, who, '/user/favourites');
  await expect(page).toHaveURL(/\/user\/favourites$/);
  // Without a page to return to, the incomplete profile is where to start, without welcoming again.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByTestId('profile-incomplete')).toBeVisible();
});

test.describe('the location picker', () => {
  /** Signs the agent in and opens the location step of a new property. */
  async function locationStep(page: Page) {
    await signInAt(page, AGENT, '/user/properties/new');
    await expect(page).toHaveURL(/\/user\/properties\/new$/);
    await page.getByRole('radio', { name: 'Apartment' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForIslands(page);
    await page.getByLabel('Title', { exact: true }).fill('Placed on the map');
    await page.getByLabel('Description', { exact: true }).fill('A flat placed with the location picker.');
    await page.getByLabel('Price').fill('250000');
    await page.getByRole('button', { name: 'Next' }).click();
    const picker = page.getByRole('region', { name: 'Pick the place on the map' });
    await expect(picker).toHaveAttribute('data-map-ready', 'true');
    return picker;
  }

  test('Enter searches and the count is announced; choosing keeps focus; typed coordinates move the pin; the sea is a hint', async ({
    page,
  }) => {
    test.slow();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // No tile server is reachable from the tests: tiles are answered empty, so a console error is the picker's own.
    await page.route(/^https?:\/\/(?!localhost)/, (route) => route.fulfill({ status: 204 }));
    const picker = await locationStep(page);
    const url = page.url();

    const box = page.getByLabel('Search for a place');
    // The box belongs to no form: Enter can never send the listing, even before the island is ready.
    await expect(box).toHaveJSProperty('form', null);
    await box.fill('Lisbon');
    await box.press('Enter');
    const status = page.getByRole('status').filter({ hasText: /places? found/ });
    // The first search loads the gazetteer on the server, which takes a while on a busy machine.
    await expect(status).toHaveText(/^\d+ places? found\. Choose (one|it) below\.$/, { timeout: 30_000 });
    expect(page.url()).toBe(url);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Lisbon, Portugal' }).click();
    const summary = page.getByTestId('location-status');
    await expect(summary).toHaveText('Filled in: Lisbon, Portugal');
    await expect(summary).toBeFocused();
    await expect(page.getByLabel('City')).toHaveValue('Lisbon');

    // A coordinate typed a little north moves the pin up, where the owner sees it.
    const pin = picker.locator('.map-marker--pin');
    const before = (await pin.boundingBox())!;
    const latitude = Number(await page.getByLabel('Latitude').inputValue());
    await page.getByLabel('Latitude').fill(String(Math.round((latitude + 0.01) * 1e6) / 1e6));
    await expect.poll(async () => before.y - (await pin.boundingBox())!.y).toBeGreaterThan(20);

    // Coordinates in the open Atlantic move the map there; a tap there finds no town, and says so plainly.
    await page.getByLabel('Latitude').fill('0');
    await page.getByLabel('Longitude').fill('-30');
    const map = (await picker.boundingBox())!;
    await expect.poll(async () => Math.abs((await pin.boundingBox())!.y - (map.y + map.height / 2))).toBeLessThan(40);
    await page.mouse.click(map.x + map.width / 2 + 30, map.y + map.height / 2 + 30);
    await expect(summary).toHaveText(
      'No town within 100 km of this point. Choose a place on land, or type the city, state and country yourself.',
    );
    expect(errors).toEqual([]);
  });
});

test('the settings page saves every section at once and warns before leaving unsaved edits', async ({ page }) => {
  await signInAt(page, ADMIN, '/admin/settings');
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const origins = page.getByTestId('settings-access').getByLabel(/^Other sites whose pages may call the API/);
  const instructions = page.getByTestId('settings-payments').getByLabel('Bank transfer instructions');
  const [oldOrigins, oldInstructions] = [await origins.inputValue(), await instructions.inputValue()];
  try {
    // Edits in two sections, one save: both kept.
    await origins.fill('https://owner-one.example');
    await instructions.fill('Pay into account 1111 at Example Bank.');
    await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await expect(origins).toHaveValue('https://owner-one.example');
    await expect(instructions).toHaveValue('Pay into account 1111 at Example Bank.');

    // An edit not saved: leaving the page asks first.
    await origins.fill('https://owner-unsaved.example');
    const asked = page.waitForEvent('dialog');
    void page.getByRole('link', { name: 'Dashboard' }).first().click();
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await expect(page).toHaveURL(/\/admin\/settings/);
    await expect(origins).toHaveValue('https://owner-unsaved.example');
  } finally {
    await page.goto('/admin/settings');
    await origins.fill(oldOrigins);
    await instructions.fill(oldInstructions);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('one save keeps the edits of every section', async ({ page }) => {
    await signInAt(page, ADMIN, '/admin/settings');
    await expect(page).toHaveURL(/\/admin\/settings$/);
    // Other fields than the test with JavaScript, which may run at the same time.
    const playId = page.getByTestId('settings-apps').getByLabel('Google Play id');
    const razorpay = page.getByTestId('settings-payments').getByLabel('Razorpay key id');
    const [oldPlayId, oldRazorpay] = [await playId.inputValue(), await razorpay.inputValue()];
    try {
      await playId.fill('com.example.owner');
      await razorpay.fill('rzp_owner_e2e');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Saved.')).toBeVisible();
      await expect(playId).toHaveValue('com.example.owner');
      await expect(razorpay).toHaveValue('rzp_owner_e2e');
    } finally {
      await playId.fill(oldPlayId);
      await razorpay.fill(oldRazorpay);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Saved.')).toBeVisible();
    }
  });

  test('about, privacy and terms read as real pages out of the box, in English and Arabic', async ({ page }) => {
    for (const [path, words] of [
      ['/about-us', 'is a marketplace for buying, selling and renting'],
      ['/privacy-policy', 'we never sell your data'],
      ['/terms-and-conditions', 'These terms apply to everyone who uses'],
    ] as const) {
      await page.goto(path);
      const article = page.locator('article');
      await expect(article).toContainText(words);
      expect(await article.locator('p').count(), path).toBeGreaterThanOrEqual(4);
    }
    await page.goto('/about-us?lang=ar');
    await expect(page.locator('article')).toContainText('سوق لشراء وبيع واستئجار');
    // The site's name as the page's language says it, while the console keeps the seeded one.
    await expect(page.locator('article')).not.toContainText('Property Marketplace');
  });
});
