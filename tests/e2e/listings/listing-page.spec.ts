import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiToken, postListing } from '../support/api-listings.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/hydration.ts';
import { signIn } from '../support/sign-in.ts';

// Demo accounts no other spec uses: the owner of the listings here, and the visitors who chat and report.
const OWNER = { email: 'agent11@example.com', password: 'demo1234' };
const BUYER = { email: 'user8@example.com', password: 'demo1234' };
const NO_SCRIPT_BUYER = { email: 'user9@example.com', password: 'demo1234' };
const REPORTER = { email: 'user10@example.com', password: 'demo1234' };
const DELETER = { email: 'agent12@example.com', password: 'demo1234' };

interface OwnListing {
  id: number;
  slug_id: string;
  title: string;
  status: string;
  admin_status: string;
  is_premium?: boolean;
}

async function signedIn(browser: Browser, who: typeof OWNER, next: string, javaScriptEnabled = true) {
  const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await signIn(page, who, next);
  return page;
}

const userId = async (page: Page) =>
  (await (await page.request.get('/api/get-user-data')).json()).data as { id: number; name: string };

/** One of the owner's listings that visitors see (approved, active, not premium). */
/** An empty chat message is refused, and the box to fix is the one marked, described and focused: that box. */
async function expectEmptyMessageMarked(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please check the highlighted fields.');
  const box = page.getByLabel('Your message');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription('This field is required.');
  await expect(box).toBeFocused();
  return box;
}

async function publicListingOf(page: Page): Promise<OwnListing> {
  const body = await (await page.request.get('/api/get-added-properties?limit=50')).json();
  const listing = (body.data.items as OwnListing[]).find(
    (p) => p.admin_status === 'approved' && p.status === 'active' && !p.is_premium,
  );
  expect(listing, 'the demo owner has a public listing').toBeTruthy();
  return listing!;
}

test('a visitor chats with the owner from the listing page; the owner answers from the interested list', async ({
  browser,
}) => {
  test.slow();
  const owner = await signedIn(browser, OWNER, '/user/properties');
  const listing = await publicListingOf(owner);
  const ownerId = (await userId(owner)).id;

  const buyer = await signedIn(browser, BUYER, `/properties-details/${listing.slug_id}`);
  const me = await userId(buyer);
  const interest = buyer.getByRole('button', { name: 'I am interested' });
  if (await interest.isVisible()) await interest.click();
  await expect(buyer.getByRole('button', { name: 'No longer interested' })).toBeVisible();
  const ownerCard = buyer.locator('.owner-card');
  await expectNoSeriousA11yViolations(buyer);
  await ownerCard.getByRole('link', { name: 'Chat with owner' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/user/messages/u${ownerId}-p${listing.id}$`));
  await waitForIslands(buyer);

  const box = await expectEmptyMessageMarked(buyer);
  await expectNoSeriousA11yViolations(buyer);

  const text = `Is the listing still available? ${Date.now().toString(36)}`;
  await box.fill(text);
  await buyer.getByRole('button', { name: 'Send' }).click();
  await expect(buyer.locator('.chat__msg--mine').last()).toContainText(text);
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  await expect(buyer.getByRole('alert')).toHaveCount(0);

  // The owner has no chat link on their own listing, and one per interested user on its own page.
  await owner.goto(`/properties-details/${listing.slug_id}`);
  await expect(owner.getByRole('link', { name: 'Chat with owner' })).toHaveCount(0);
  await owner.goto(`/my-property/${listing.slug_id}`);
  const people = owner.getByTestId('interested-users');
  await expect(people).toContainText(me.name);
  await expectNoSeriousA11yViolations(owner);
  await people.getByRole('link', { name: `Chat with ${me.name}` }).click();
  await expect(owner).toHaveURL(new RegExp(`/user/messages/u${me.id}-p${listing.id}$`));
  await expect(owner.getByText(text)).toBeVisible();
  await owner.context().close();
  await buyer.context().close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor signs in from the owner card, comes back and starts the chat', async ({ page, browser }) => {
    const owner = await signedIn(browser, OWNER, '/user/properties');
    const listing = await publicListingOf(owner);
    await owner.context().close();

    await page.goto(`/properties-details/${listing.slug_id}`);
    await page.locator('.owner-card').getByRole('link', { name: 'Sign in to chat with the owner' }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.getByLabel('Email').fill(NO_SCRIPT_BUYER.email);
    await page.getByLabel('Password').fill(NO_SCRIPT_BUYER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/properties-details/${listing.slug_id}$`));
    await page.locator('.owner-card').getByRole('link', { name: 'Chat with owner' }).click();
    await expect(page).toHaveURL(new RegExp(`/user/messages/u\\d+-p${listing.id}$`));

    const box = await expectEmptyMessageMarked(page);

    const text = `Hello from a page without scripts ${Date.now().toString(36)}`;
    await box.fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByLabel('Your message')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a done action redirects back to the listing, so a reload does not post it again', async ({ page, browser }) => {
    const owner = await signedIn(browser, OWNER, '/user/properties');
    const listing = await publicListingOf(owner);
    await owner.context().close();

    await signIn(page, NO_SCRIPT_BUYER, `/properties-details/${listing.slug_id}`);
    const notPosted: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') notPosted.push(request.url());
    });
    await page.getByRole('button', { name: 'Save to favourites' }).click();
    await expect(page).toHaveURL(new RegExp(`/properties-details/${listing.slug_id}\\?notice=favourite_added$`));
    await expect(page.getByRole('status').filter({ hasText: 'Saved to your favourites.' })).toBeVisible();
    notPosted.length = 0;
    await page.reload();
    expect(notPosted).toEqual([]);
    await expect(page.getByRole('button', { name: 'Remove from favourites' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove from favourites' }).click();
    await expect(page).toHaveURL(/\?notice=favourite_removed$/);
    await expect(page.getByRole('button', { name: 'Save to favourites' })).toBeVisible();
  });

  test("the listing's map box says where the place is, and a badge keeps apart from the category", async ({
    page,
    browser,
  }) => {
    const owner = await signedIn(browser, OWNER, '/user/properties');
    const listing = await publicListingOf(owner);
    await owner.context().close();

    await page.goto(`/properties-details/${listing.slug_id}`);
    const location = page.getByRole('region', { name: 'Location' });
    await expect(location).toContainText(
      /The map of .+ \(-?\d+(\.\d+)?, -?\d+(\.\d+)?\) appears here once it has loaded\. Without JavaScript, the link below opens it\./,
    );
    await expect(location).not.toContainText('fields below');
    await expect(location.getByRole('link', { name: 'Open the map' })).toBeVisible();

    const [badge, next] = await page
      .locator('.property-detail__head .tag-row > *')
      .evaluateAll((items) => items.slice(0, 2).map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    expect(next!.left - badge!.right).toBeGreaterThanOrEqual(4);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test(`a report without a reason opens the report form with the field marked (JavaScript ${
    javaScriptEnabled ? 'on' : 'off'
  })`, async ({ browser }) => {
    const owner = await signedIn(browser, OWNER, '/user/properties');
    const listing = await publicListingOf(owner);
    await owner.context().close();

    const page = await signedIn(browser, REPORTER, `/properties-details/${listing.slug_id}`, javaScriptEnabled);
    const report = page.locator('details.report-form');
    await expect(report).not.toHaveAttribute('open', '');
    await page.getByText('Report this listing').click();
    await page.getByRole('button', { name: 'Send report' }).click();

    await expect(page.getByRole('alert')).toHaveText('Please check the highlighted fields.');
    await expect(report).toHaveAttribute('open', '');
    const details = page.getByRole('textbox', { name: 'Details' });
    await expect(details).toHaveAttribute('aria-invalid', 'true');
    await expect(details).toHaveAccessibleDescription('Choose what is wrong, or describe it in the details.');
    await expect(details).toBeFocused();
    await expect(page.getByRole('group', { name: 'What is wrong?' })).toHaveAccessibleDescription(
      'Choose what is wrong, or describe it in the details.',
    );
    await expect(page.getByRole('radio', { name: 'Something else (describe it below)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`deleting a property needs the confirmation ticked (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const title = `Delete me ${javaScriptEnabled ? 'js' : 'nojs'} ${Date.now().toString(36)}`;
    const listing = await postListing(request, baseURL!, await apiToken(request, DELETER), {
      title,
      description: 'A short-lived listing that its owner deletes again, with a confirmation.',
    });
    const page = await signedIn(browser, DELETER, `/my-property/${listing.slug_id}`, javaScriptEnabled);
    const form = page.getByTestId('delete-property');
    const confirm = form.getByRole('checkbox', { name: 'I understand that this property will be deleted for good' });
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);

    // The browser refuses the form without the tick.
    await form.getByRole('button', { name: 'Delete property' }).click();
    await expect(page).toHaveURL(new RegExp(`/my-property/${listing.slug_id}$`));
    expect(await confirm.evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true);

    // A post without it (a browser that skips the check) is refused by the server, which marks the box.
    const refused = await page.request.post(`/my-property/${listing.slug_id}`, {
      form: { action: 'delete' },
      headers: { origin: baseURL! },
    });
    expect(refused.status()).toBe(422);
    const shown = await page.request.get(`/my-property/${listing.slug_id}`);
    expect(shown.status()).toBe(200);
    if (javaScriptEnabled) {
      await form.evaluate((f: HTMLFormElement) => (f.noValidate = true));
      await form.getByRole('button', { name: 'Delete property' }).click();
      await expect(confirm).toHaveAttribute('aria-invalid', 'true');
      await expect(confirm).toHaveAccessibleDescription('Tick the box to confirm you want to delete this property.');
      await expect(confirm).toBeFocused();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }

    await confirm.check();
    await form.getByRole('button', { name: 'Delete property' }).click();
    await expect(page).toHaveURL(/\/user\/properties\?notice=deleted$/);
    expect((await page.request.get(`/my-property/${listing.slug_id}`)).status()).toBe(404);
    await page.context().close();
  });
}

test('user-typed text keeps its own direction on Arabic pages', async ({ page, request }) => {
  const list = await (await request.get('/api/get-property-list?limit=20&property_type=sell')).json();
  const listing = (list.data.items as { slug_id: string; title: string; is_premium: boolean }[]).find(
    (p) => !p.is_premium,
  )!;
  await page.goto(`/properties-details/${listing.slug_id}?lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The title sets its own direction: an English one wraps as English ("2-" stays at its line's end).
  const title = page.locator('h1#property-title');
  await expect(title).toHaveText(listing.title);
  await expect(title).toHaveAttribute('dir', 'auto');
  expect(await title.evaluate((h1) => getComputedStyle(h1).direction)).toBe('ltr');
  await expect(page.locator('.owner-card strong bdi')).toHaveCount(1);
  const address = page.getByTestId('property-address').locator('bdi');
  await expect(address).toHaveText(/^\d+ \w+ \w+, /);
  // "211 Harbour Lane, Madrid, …" reads left to right: the number comes first, not after the country.
  const [numberLeft, lastWordLeft] = await address.evaluate((bdi) => {
    const text = bdi.firstChild as Text;
    const at = (start: number, end: number) => {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      return range.getBoundingClientRect().left;
    };
    const length = text.data.length;
    return [at(0, 1), at(length - 1, length)];
  });
  expect(numberLeft).toBeLessThan(lastWordLeft);

  await page.goto('/properties?lang=ar');
  const card = page.getByTestId('property-card').first();
  await expect(card.locator('.card__title a > bdi')).toHaveCount(1);
  await expect(card.locator('.card__meta > bdi')).toHaveCount(1);
});
