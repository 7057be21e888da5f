import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiToken, photo, postListing } from '../support/api-listings.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/hydration.ts';
import { signIn } from '../support/sign-in.ts';

// Demo agents no other spec uses: one edits listings' files, the other manages a listing from its own page.
const EDITOR = { email: 'agent8@example.com', password: 'demo1234' };
const MANAGER = { email: 'agent14@example.com', password: 'demo1234' };

interface OwnListing {
  id: number;
  slug_id: string;
  price_label: string;
  gallery_images: { key: string }[];
}

async function signedIn(browser: Browser, who: typeof EDITOR, next: string, javaScriptEnabled: boolean) {
  const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await signIn(page, who, next);
  return page;
}

/** The listing as its owner's API sees it. */
async function ownListing(page: Page, token: string, slug: string): Promise<OwnListing> {
  const res = await page.request.get(`/api/get-added-properties?slug_id=${encodeURIComponent(slug)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()).data.items[0];
}

/** With JavaScript the form shows one section at a time: Next until `target` is on screen. */
async function showSection(page: Page, target: Locator) {
  const progress = page.getByText(/^Step \d+ of \d+$/);
  for (let step = 0; step < 8 && !(await target.isVisible()); step++) {
    const before = await progress.textContent();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(progress).not.toHaveText(before ?? '');
  }
  await expect(target).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test(`the owner removes one gallery photo on the edit form and keeps the other (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.slow();
    const title = `Riverside flat ${Date.now().toString(36)} ${javaScriptEnabled ? 'js' : 'plain'}`;
    const token = await apiToken(request, EDITOR);
    const image = async (name: string) => ({ name, mimeType: 'image/jpeg', buffer: await photo() });
    const posted = await postListing(request, baseURL!, token, {
      title,
      'gallery_images[0]': await image('kitchen.jpg'),
      'gallery_images[1]': await image('garden.jpg'),
      'documents[0]': { name: 'deed.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    });
    const page = await signedIn(browser, EDITOR, `/user/properties/edit/${posted.id}`, javaScriptEnabled);
    const before = await ownListing(page, token, posted.slug_id);
    const [removed, kept] = before.gallery_images;

    if (javaScriptEnabled) await waitForIslands(page);
    const photos = page.getByRole('group', { name: 'Current photos (tick to remove)' });
    if (javaScriptEnabled) await showSection(page, photos);
    // The saved files: the title image, both photos described, the document as a link, each with its Remove box.
    await expect(
      page.getByRole('group', { name: 'Current title image' }).getByRole('img', { name: title }),
    ).toBeVisible();
    await expect(photos.getByRole('img', { name: `Photo 1 of ${title}` })).toBeVisible();
    await expect(photos.getByRole('img', { name: `Photo 2 of ${title}` })).toBeVisible();
    const documents = page.getByRole('group', { name: 'Current documents (tick to remove)' });
    await expect(documents.getByRole('link', { name: 'deed.pdf' })).toHaveAttribute('href', /\.pdf$/);
    await expect(documents.getByRole('checkbox', { name: 'Remove deed.pdf' })).not.toBeChecked();
    // (axe needs the page's script.)
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);

    await photos.getByRole('checkbox', { name: 'Remove photo 1' }).check();
    await expect(photos.getByRole('checkbox', { name: 'Remove photo 2' })).not.toBeChecked();
    if (!javaScriptEnabled) {
      // A refused post shows the form again with the box still ticked (and nothing removed yet).
      await page.getByLabel('Price').fill('-5');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByLabel('Price')).toHaveAttribute('aria-invalid', 'true');
      await expect(photos.getByRole('checkbox', { name: 'Remove photo 1' })).toBeChecked();
      await expect(photos.getByRole('img')).toHaveCount(2);
      await page.getByLabel('Price').fill('310000');
    }
    const save = page.getByRole('button', { name: 'Save changes' });
    if (javaScriptEnabled) await showSection(page, save);
    await save.click();

    await expect(page).toHaveURL(new RegExp(`/my-property/${posted.slug_id}\\?notice=updated$`));
    await expect(page.getByText('Your changes have been sent for review.')).toBeVisible();
    await expect(page.getByTestId('property-photos').getByRole('img')).toHaveCount(1);
    const after = await ownListing(page, token, posted.slug_id);
    expect(after.gallery_images.map((p) => p.key)).toEqual([kept!.key]);
    // The removed photo's file is gone; the kept one is still served.
    expect((await page.request.get(`/uploads/${removed!.key}`)).status()).toBe(404);
    expect((await page.request.get(`/uploads/${kept!.key}`)).status()).toBe(200);

    // The form now offers the one photo left, and the document untouched.
    await page.goto(`/user/properties/edit/${posted.id}`);
    if (javaScriptEnabled) {
      await waitForIslands(page);
      await showSection(page, photos);
    }
    await expect(page.getByRole('checkbox', { name: 'Remove photo 1' })).toHaveCount(1);
    await expect(page.getByRole('checkbox', { name: 'Remove photo 2' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'deed.pdf' })).toHaveCount(1);
    await page.context().close();
  });
}

test('the manage page shows the listing, links to its preview, and asks for a new price to switch to rent', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const title = `Hillside house ${Date.now().toString(36)}`;
  const token = await apiToken(request, MANAGER);
  const posted = await postListing(request, baseURL!, token, {
    title,
    price: '350000',
    'gallery_images[0]': { name: 'porch.jpg', mimeType: 'image/jpeg', buffer: await photo() },
  });
  const page = await signedIn(browser, MANAGER, `/my-property/${posted.slug_id}`, true);

  // Price, place, photos, state and review, all on the page.
  await expect(page.getByTestId('property-price')).toHaveText('$350K');
  await expect(page.getByTestId('property-location')).toHaveText('12 River Street, Lisbon, Portugal');
  await expect(page.getByRole('img', { name: title, exact: true })).toBeVisible();
  await expect(page.getByTestId('property-photos').getByRole('img', { name: `Photo 1 of ${title}` })).toBeVisible();
  await expect(page.getByTestId('property-state')).toContainText('Waiting for review');
  await expect(page.getByTestId('property-state')).toContainText('Active');
  await expect(page.getByTestId('property-state')).toContainText('For sale');
  await expectNoSeriousA11yViolations(page);

  // The preview of the public page, which links back here.
  await page.getByRole('link', { name: 'See its page as visitors do' }).click();
  await expect(page).toHaveURL(new RegExp(`/properties-details/${posted.slug_id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.getByRole('link', { name: 'Manage it' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-property/${posted.slug_id}$`));

  // The sale price does not carry over to renting: sent back unchanged, the switch is refused beside the field.
  const switchForm = page.getByTestId('switch-type');
  const price = switchForm.getByLabel('New price');
  await price.fill('350000');
  await switchForm.getByLabel('Rent period').selectOption('monthly');
  await switchForm.getByRole('button', { name: 'Switch to rent' }).click();
  const message = 'Enter the rent: the sale price does not carry over to renting.';
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toHaveAccessibleDescription(new RegExp(message.replace(/[.:]/g, '\\$&')));
  await expect(price).toHaveValue('350000');
  await expect(page.getByTestId('property-state')).toContainText('For sale');
  await expect(page.getByTestId('property-price')).toHaveText('$350K');

  await price.fill('1500');
  await switchForm.getByRole('button', { name: 'Switch to rent' }).click();
  await expect(page.getByText('The status has been changed.')).toBeVisible();
  await expect(page.getByTestId('property-state')).toContainText('For rent');
  await expect(page.getByTestId('property-price')).toHaveText(/ \/ month$/);
  await expect(page.getByTestId('property-price')).not.toContainText('350');
  expect((await ownListing(page, token, posted.slug_id)).price_label).not.toContain('350');
  // Back to sale asks for a sale price the same way.
  await expect(page.getByTestId('switch-type').getByRole('button', { name: 'Switch to sale' })).toBeVisible();
  await page.context().close();
});
