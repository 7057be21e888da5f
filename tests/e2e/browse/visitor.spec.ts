import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/hydration.ts';

/** Prices on cards read like "$1.2K" or "$2.04M" (number_with_suffix): back to a number to compare. */
const priceOf = (label: string) => {
  const match = /([\d.,]+)\s*([KMB])?/.exec(label.replace(/,/g, ''));
  const scale = { K: 1e3, M: 1e6, B: 1e9 }[match?.[2] as 'K' | 'M' | 'B'] ?? 1;
  return Number(match?.[1]) * scale;
};

async function expectCardsIn(page: Page, city: string, maxPrice: number) {
  const cards = page.getByTestId('property-card');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await expect(cards.nth(i)).toContainText(city);
    expect(priceOf((await cards.nth(i).locator('.card__price').textContent()) ?? '')).toBeLessThanOrEqual(
      maxPrice * 1.01,
    );
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor filters by city and price with the plain form', async ({ page }) => {
    await page.goto('/properties');
    await page.getByLabel('City').fill('Lisbon');
    await page.getByText('More filters').click();
    await page.getByLabel('Maximum price').fill('900000');
    await page.getByRole('button', { name: 'Show properties' }).click();
    await expect(page).toHaveURL(/city=Lisbon/);
    await expect(page).toHaveURL(/max_price=900000/);
    await expectCardsIn(page, 'Lisbon', 900_000);
    // Each filter is a chip that removes only itself.
    await page.getByRole('link', { name: 'Remove filter City: Lisbon' }).click();
    await expect(page).not.toHaveURL(/city=/);
    await expect(page).toHaveURL(/max_price=900000/);
  });

  test('a minimum price above the maximum is explained at the price fields, chips show prices', async ({ page }) => {
    const response = await page.goto('/properties?min_price=500000&max_price=100000');
    expect(response?.status()).toBe(422);
    const max = page.getByLabel('Maximum price');
    await expect(max).toHaveAttribute('aria-invalid', 'true');
    await expect(max).toHaveAccessibleDescription('The maximum price cannot be below the minimum price.');
    await expect(page.locator('#listing-count')).toHaveText('The maximum price cannot be below the minimum price.');
    await expect(page.getByText('No properties match')).toHaveCount(0);
    // Prices as listings show them (the demo's "$" with K/M/B suffixes), not raw numbers.
    await expect(page.getByRole('link', { name: 'Remove filter From: $500K' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Remove filter Up to: $100K' })).toBeVisible();
    await expect(page.locator('.chips')).not.toContainText('500000');
  });

  test('malformed filters in an address are left out and named; the rest of the search holds', async ({ page }) => {
    const response = await page.goto('/properties?city=Lisbon&bedrooms=lots&max_price=cheap&sort=random');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('dropped-filters')).toHaveText(
      'Not understood and left out of this search: Up to, Bedrooms, Sort.',
    );
    await expect(page.getByRole('link', { name: 'Remove filter City: Lisbon' })).toBeVisible();
    await expectCardsIn(page, 'Lisbon', Infinity);
    // A well-formed address says nothing of the kind.
    await page.goto('/properties?city=Lisbon&bedrooms=2');
    await expect(page.getByTestId('dropped-filters')).toHaveCount(0);
    // The map page says so too.
    await page.goto('/properties/map?city=Lisbon&bathrooms=some');
    await expect(page.getByTestId('dropped-filters')).toHaveText(
      'Not understood and left out of this search: Bathrooms.',
    );
    // A value the form does not offer is kept by it, so the next search does not lose it.
    await page.goto('/properties?bathrooms=6');
    await expect(page.getByLabel('Bathrooms', { exact: true })).toHaveValue('6');
  });
});

test('the filter chips keep apart from the cards, and a card’s badge from its category', async ({ page }) => {
  await page.goto('/properties?property_type=rent');
  const chips = (await page.locator('#listing-results .chips').boundingBox())!;
  const cards = (await page.locator('#listing-results .card-grid').boundingBox())!;
  expect(cards.y - (chips.y + chips.height)).toBeGreaterThanOrEqual(8);
  const [badge, category] = await page
    .getByTestId('property-card')
    .first()
    .locator('.tag-row > *')
    .evaluateAll((items) => items.slice(0, 2).map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
  expect(category!.left - badge!.right).toBeGreaterThanOrEqual(4);
});

test('a price range typed the wrong way round is explained as it is typed, and cleared when fixed', async ({
  page,
}) => {
  await page.goto('/properties');
  await waitForIslands(page);
  await page.getByText('More filters').click();
  await page.getByLabel('Minimum price').fill('500000');
  await page.getByLabel('Maximum price').fill('100000');
  const max = page.getByLabel('Maximum price');
  await expect(max).toHaveAttribute('aria-invalid', 'true');
  await expect(max).toHaveAccessibleDescription('The maximum price cannot be below the minimum price.');
  await expect(page.getByRole('status').filter({ hasText: 'cannot be below the minimum' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await max.fill('900000');
  await expect(max).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The maximum price cannot be below the minimum price.')).toHaveCount(0);
  await expect(page.getByTestId('property-card').first()).toBeVisible();
});

test('a visitor filters live, opens a listing, signs in to favourite it and finds it in favourites', async ({
  page,
}) => {
  test.slow();
  await page.goto('/properties');
  await waitForIslands(page);
  const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByLabel('City').fill('Lisbon');
  await page.getByText('More filters').click();
  await page.getByLabel('Maximum price').fill('900000');
  await expect(page).toHaveURL(/city=Lisbon.*max_price=900000|max_price=900000.*city=Lisbon/);
  await expect(page.getByRole('link', { name: 'Remove filter City: Lisbon' })).toBeVisible();
  await expectCardsIn(page, 'Lisbon', 900_000);
  expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
  await expectNoSeriousA11yViolations(page);

  const first = page.getByTestId('property-card').first().getByRole('link');
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/properties-details\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectNoSeriousA11yViolations(page);

  // A visitor is asked to sign in, and comes back to the listing.
  await page.getByRole('button', { name: 'Save to favourites' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill('user5@example.com');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const save = page.getByRole('button', { name: 'Save to favourites' });
  if (await save.isVisible()) await save.click();
  await expect(page.getByRole('button', { name: 'Remove from favourites' })).toBeVisible();

  await page.goto('/user/favourites');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a listing's page tells crawlers what it is", async ({ page, request }) => {
  const list = await (await request.get('/api/get-property-list?limit=1&property_type=sell')).json();
  const listing = list.data.items[0];
  await page.goto(`/properties-details/${listing.slug_id}`);
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((nodes) => nodes.map((n) => JSON.parse(n.textContent ?? '{}')));
  const ld = blocks.find((b) => b['@type'] === 'RealEstateListing');
  expect(ld).toMatchObject({
    '@context': 'https://schema.org',
    name: listing.title,
    url: expect.stringMatching(new RegExp(`/properties-details/${listing.slug_id}$`)),
    offers: {
      '@type': 'Offer',
      price: listing.price,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    },
  });
  expect(JSON.stringify(ld)).toContain(listing.city);
  const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList');
  expect(crumbs.itemListElement.at(-1).name).toBe(listing.title);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/properties-details/${listing.slug_id}$`),
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\//);
});

test("each visit to a listing's page counts as a view, shown including itself", async ({ page, request }) => {
  // A listing no other test opens; lists do not count views, so its card tells the count before the visit.
  const list = await (await request.get('/api/get-property-list?limit=1&offset=7&property_type=rent')).json();
  const listing = list.data.items[0];
  await page.goto(`/properties-details/${listing.slug_id}`);
  await expect(page.getByText(`${listing.total_views + 1} views`)).toBeVisible();
  await page.reload();
  await expect(page.getByText(`${listing.total_views + 2} views`)).toBeVisible();
});

test('an unknown listing is a 404 page', async ({ page }) => {
  expect((await page.goto('/properties-details/no-such-listing'))?.status()).toBe(404);
});
