import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { flatsAndTheirAgent, startOwnServer, type OwnServer } from '../support/own-server.ts';

/*
 * A search matching more listings than it counts (and a map with more listings in view than it draws)
 * (docs/decisions/017 and 037): the page says "More than 1000" (200 for words), its pager stays open-ended until the
 * end is in reach, and every listing can still be paged to. On a server of its own, so the shared one's lists keep
 * their sizes.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const LISTINGS = 1050;
/** Cards per page of /properties. */
const PAGE = 12;
const LAST_PAGE = Math.ceil(LISTINGS / PAGE);
let own: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  own = await startOwnServer({
    prepare: async ({ db }) => {
      const { category, owner } = await flatsAndTheirAgent(db, {
        name: 'Bulk Owner',
        email: 'bulk@example.com',
        slug: 'bulk',
      });
      await db.execute(sql`
        insert into properties (owner_id, category_id, title, slug, description, property_type, price_minor, city,
          state, country, latitude, longitude, admin_status, status, created_at)
        select ${owner.id}, ${category.id}, 'Bulk flat ' || g, 'bulk-flat-' || g, 'One of many.', 'sell',
          (100000 + g) * 100, 'Bulkhaven', 'Bulk', 'Bulkland', 10 + (g % 40) * 0.0005, 20 + (g / 40) * 0.0005,
          'approved', 'active', now() - g * interval '1 minute'
        from generate_series(1, ${LISTINGS}) g`);
    },
  });
});

test.afterAll(async () => {
  await own?.stop();
});

test('a search past the count cap says "more than" and pages on to the last listing', async ({ page }) => {
  await page.goto(`${own.url}/properties?city=Bulkhaven`);
  const results = page.locator('#listing-results');
  const count = page.getByRole('status').filter({ hasText: 'properties' });
  await expect(count).toHaveText('More than 1000 properties');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.locator('[aria-current="page"]')).toHaveText(`Page 1 of more than ${Math.ceil(1000 / PAGE)}`);
  await expect(results.getByRole('article')).toHaveCount(PAGE);
  await expect(results.getByRole('article').first()).toContainText('Bulk flat 1');

  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(pager.locator('[aria-current="page"]')).toHaveText(`Page 2 of more than ${Math.ceil(1000 / PAGE)}`);
  // The link pressed went with the old page; focus lands on the count rather than the top of the document.
  await expect(count).toBeFocused();
  await expect(results.getByRole('article').first()).toContainText(`Bulk flat ${PAGE + 1}`);

  // Near the end the count reaches it: an exact last page with no next link.
  await page.goto(`${own.url}/properties?city=Bulkhaven&page=${LAST_PAGE}`);
  await expect(pager.locator('[aria-current="page"]')).toHaveText(`Page ${LAST_PAGE} of ${LAST_PAGE}`);
  await expect(pager.getByRole('link', { name: 'Next' })).toHaveCount(0);
  await expect(results.getByRole('article').last()).toContainText(`Bulk flat ${LISTINGS}`);
  await expect(count).toHaveText(`${LISTINGS} properties`);
});

test('a search with words counts to 200 and pages on past it', async ({ page }) => {
  await page.goto(`${own.url}/properties?city=Bulkhaven&search=flat`);
  const count = page.getByRole('status').filter({ hasText: 'properties' });
  await expect(count).toHaveText('More than 200 properties');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.locator('[aria-current="page"]')).toHaveText(`Page 1 of more than ${Math.ceil(200 / PAGE)}`);
  // Past the count, each page counts just beyond itself: still cards, still a next page.
  await page.goto(`${own.url}/properties?city=Bulkhaven&search=flat&page=30`);
  await expect(page.locator('#listing-results').getByRole('article').first()).toContainText(
    `Bulk flat ${29 * PAGE + 1}`,
  );
  await expect(pager.getByRole('link', { name: 'Next' })).toBeVisible();
});

test('a map with more listings in view than pins counts them by area, and zooms in on a count', async ({ page }) => {
  // The height of each view the map asks for.
  const heights: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/get-properties-in-bounds')
      heights.push(Number(url.searchParams.get('north')) - Number(url.searchParams.get('south')));
  });
  await page.goto(`${own.url}/properties/map`);
  const notice = page.getByTestId('map-counted');
  await expect(notice).toHaveText('The map counts the listings of each area here. Zoom in to see each one.');
  await expect(page.getByRole('region', { name: 'Map of properties' })).toHaveAttribute('data-map-ready', 'true');
  // Every bulk listing lies in one small area: one count for all of them, not the newest thousand pins.
  const count = page.getByRole('button', { name: '1.1K properties here: zoom in' });
  await expect(count).toHaveText('1.1K');
  await expect(page.locator('.map-marker--listing')).toHaveCount(0);
  await expect(page.getByTestId('map-count')).toHaveText('More than 1000 properties');
  await expect(page.getByTestId('map-truncated')).toHaveCount(0);

  // A count zooms the map to its area; the list and the map follow the new, smaller view.
  await expect(page.getByTestId('map-count')).toHaveAttribute('data-state', 'idle');
  const before = heights.length;
  await count.click();
  await expect.poll(() => heights.length).toBeGreaterThan(before);
  expect(before).toBeGreaterThan(0);
  expect(heights.at(-1)!).toBeLessThan(heights[before - 1]!);
  await expect(page.getByTestId('map-count')).toHaveAttribute('data-state', 'idle');
  await expect(page.getByTestId('map-count')).toHaveText('More than 1000 properties');
  await expect(page.getByTestId('map-list').getByRole('article').first()).toContainText('Bulk flat 1');
});

test('a crowded map with a price range draws the newest pins and says so', async ({ page }) => {
  // A price range is not counted by area: the map falls back to the newest thousand pins.
  await page.goto(`${own.url}/properties/map?min_price=1`);
  const notice = page.getByTestId('map-truncated');
  // Server-rendered with the first view, and still there once the map has loaded what it shows.
  await expect(notice).toHaveText('The map shows only the newest 1000 listings here. Zoom in to see the rest.');
  await expect(page.getByRole('region', { name: 'Map of properties' })).toHaveAttribute('data-map-ready', 'true');
  await expect(page.getByTestId('map-count')).toHaveAttribute('data-state', 'idle');
  await expect(page.getByTestId('map-count')).toHaveText('More than 1000 properties');
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('map-counted')).toHaveCount(0);
});
