import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/hydration.ts';

/* The home page and the map page on a phone (issue 38): how tall the home is, its rows, its search suggestions; the
   map in the first screen, the list toggle, drawing with a finger, and where focus goes on the map. */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/** Each row of the home: how it scrolls and snaps, and whether it holds more than it shows. */
const rowsOf = (page: Page) =>
  page.getByTestId('home-row').evaluateAll((rows) =>
    rows.map((row) => ({
      snap: getComputedStyle(row).scrollSnapType,
      overflowX: getComputedStyle(row).overflowX,
      itemSnap: row.firstElementChild ? getComputedStyle(row.firstElementChild).scrollSnapAlign : '',
      scrollable: row.scrollWidth > row.clientWidth + 1,
      cards: row.querySelectorAll('.card').length,
    })),
  );

async function expectHomeLayout(page: Page) {
  expect(await pageHeight(page), 'the home page is at most six screens tall').toBeLessThanOrEqual(6 * PHONE.height);
  const rows = await rowsOf(page);
  expect(rows.filter((row) => row.cards > 0).length, 'rows of cards: listings, projects, articles').toBeGreaterThan(3);
  for (const row of rows) {
    expect(row.overflowX).toBe('auto');
    expect(row.snap).toBe('x mandatory');
    expect(row.itemSnap).toBe('start');
  }
  expect(
    rows.filter((row) => row.cards > 1).every((row) => row.scrollable),
    'each row of cards goes on sideways',
  ).toBe(true);
  // Suggestions without a script: the search box names a list of the cities that have listings.
  await expect(page.getByLabel('Search properties')).toHaveAttribute('list', 'home-places');
  const places = await page
    .locator('datalist#home-places option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(places).toContain('Lisbon');
  expect(places).toContain('Cairo');
}

test('the home page: rows that scroll sideways and snap, at most six screens tall, place suggestions', async ({
  page,
}) => {
  await page.goto('/');
  await expectHomeLayout(page);
  // The first card's photo is the page's largest image, fetched first.
  const firstImage = page.getByRole('region', { name: 'Featured properties' }).locator('img').first();
  await expect(firstImage).toHaveAttribute('fetchpriority', 'high');
  await expect(firstImage).toHaveAttribute('loading', 'eager');
  await expect(firstImage).toBeInViewport();

  // A row scrolls by a swipe and comes to rest on a card's edge.
  const row = page.getByRole('region', { name: 'Featured properties' }).getByTestId('home-row');
  const box = (await row.boundingBox())!;
  await row.evaluate((element) => element.scrollBy({ left: 120, behavior: 'instant' }));
  await expect
    .poll(() => row.evaluate((element) => element.scrollLeft), { message: 'snapped to the second card' })
    .toBeGreaterThan(box.width / 2);
  const secondCard = row.locator(':scope > li').nth(1);
  const second = (await secondCard.boundingBox())!;
  expect(Math.abs(second.x - box.x)).toBeLessThan(12);

  // Every row's "see all" leads on; the map is one tap from the home.
  await expect(page.getByRole('link', { name: 'Map search' })).toHaveAttribute('href', '/properties/map');
  // A listing may sit in several rows; each copy of its card has an id of its own.
  const ids = await page.locator('[id]').evaluateAll((elements) => elements.map((element) => element.id));
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  await expectNoA11yViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page keeps its rows and its search works', async ({ page }) => {
    await page.goto('/');
    await expectHomeLayout(page);
    await page.getByLabel('Search properties').fill('Lisbon');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // A city typed among the words is the place filter (src/server/services/forgiving-search-service.ts).
    await expect(page).toHaveURL(/\/properties\?city=Lisbon$/);
    await expect(page.getByTestId('property-card').first()).toContainText('Lisbon');
  });

  test('the map page lists the search under the map box, and links to the list with the same filters', async ({
    page,
  }) => {
    await page.goto('/properties/map?property_type=sell&city=Lisbon&sort=price_asc');
    await expect(page.getByText('The interactive map is loading.')).toBeVisible();
    await expect(page.getByTestId('map-card').first()).toBeVisible();
    // The map reads the list's filters: only Lisbon's listings for sale.
    for (const card of await page.getByTestId('map-card').all()) {
      await expect(card).toContainText('Lisbon');
      await expect(card).toContainText('For sale');
    }
    // The toggle is a jump to the list; the list view keeps every filter of the search.
    await expect(page.getByRole('link', { name: /^List: \d+ propert/ })).toHaveAttribute('href', '#map-list-title');
    await expect(page.getByRole('link', { name: 'List view' })).toHaveAttribute(
      'href',
      '/properties?property_type=sell&city=Lisbon&sort=price_asc',
    );
    // Filters the form does not show ride along when it is sent.
    await page.getByText('Filters (1)').click();
    await page.getByLabel('Maximum price').fill('900000');
    await page.getByRole('button', { name: 'Show properties' }).click();
    await expect(page).toHaveURL(/city=Lisbon/);
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page).toHaveURL(/max_price=900000/);
  });
});

/** The count the map reports once a search has answered. */
async function countOf(page: Page) {
  const status = page.getByTestId('map-count');
  await expect(status).toHaveAttribute('data-state', 'idle');
  return Number((await status.textContent())!.replace(/\D/g, ''));
}

const mapRegion = (page: Page) => page.getByRole('region', { name: 'Map of properties' });

async function openMap(page: Page) {
  await page.goto('/properties/map');
  await waitForIslands(page);
  await expect(mapRegion(page)).toHaveAttribute('data-map-ready', 'true');
  await expect(page.locator('.map-marker--cluster, .map-marker--listing').first()).toBeVisible();
}

test('on a phone the map fills the first screen and the list takes turns with it', async ({ page }) => {
  await openMap(page);
  const map = (await mapRegion(page).boundingBox())!;
  expect(map.y, 'the map starts in the top quarter of the first screen').toBeLessThan(PHONE.height / 4);
  expect(map.y + map.height, 'and reaches the bottom of it').toBeGreaterThanOrEqual(PHONE.height - 24);
  await expect(page.getByTestId('map-list')).toBeHidden();
  const everywhere = await countOf(page);

  const toggle = page.getByRole('button', { name: `List: ${everywhere} properties` });
  await expect(toggle).toBeInViewport();
  await toggle.click();
  await expect(page.getByTestId('map-card').first()).toBeVisible();
  await expect(mapRegion(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Properties in view' })).toBeFocused();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(mapRegion(page)).toBeVisible();
  await expect(mapRegion(page)).toBeFocused();
  await expect(page.getByTestId('map-list')).toBeHidden();
});

test.describe('with a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true });

  test('a finger draws an area round a cluster: the search keeps what is inside, focus on the count', async ({
    page,
  }) => {
    await openMap(page);
    const everywhere = await countOf(page);
    await page.getByRole('button', { name: 'Draw an area' }).tap();
    const layer = page.getByTestId('map-draw-layer');
    await expect(layer).toHaveCSS('touch-action', 'none');

    // A circle round the biggest cluster, kept inside the map.
    const map = (await mapRegion(page).boundingBox())!;
    const cluster = await page.evaluate(() => {
      const all = [...document.querySelectorAll<HTMLElement>('.map-marker--cluster')].map((element) => {
        const box = element.getBoundingClientRect();
        return { size: Number(element.innerText), x: box.x + box.width / 2, y: box.y + box.height / 2 };
      });
      return all.reduce((biggest, one) => (one.size > biggest.size ? one : biggest));
    });
    const radius = 80;
    const cx = Math.min(Math.max(cluster.x, map.x + radius + 4), map.x + map.width - radius - 4);
    const cy = Math.min(Math.max(cluster.y, map.y + radius + 4), map.y + map.height - radius - 4);
    const ring = Array.from({ length: 25 }, (_, i) => {
      const angle = (i / 24) * 2 * Math.PI;
      return { x: Math.round(cx + radius * Math.cos(angle)), y: Math.round(cy + radius * Math.sin(angle)) };
    });
    // Real touch input: a browser that scrolled or panned with the finger would cancel the stroke.
    const touch = await page.context().newCDPSession(page);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [ring[0]!] });
    for (const point of ring.slice(1))
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

    await expect(page).toHaveURL(/[?&]area=[-\d.,;%A-F]+/);
    await expect(layer).toHaveCount(0);
    await expect(page.getByTestId('map-count')).toBeFocused();
    const inArea = await countOf(page);
    expect(inArea).toBeGreaterThan(0);
    expect(inArea).toBeLessThan(everywhere);
    // The count is announced: a status in the accessibility tree.
    await expect(page.getByRole('status').filter({ hasText: /properties?$/ })).toHaveText(
      inArea === 1 ? '1 property' : `${inArea} properties`,
    );
    await page.getByRole('button', { name: 'List: ' + (inArea === 1 ? '1 property' : `${inArea} properties`) }).tap();
    await expect(page.getByRole('heading', { level: 2, name: 'Properties in the drawn area' })).toBeFocused();
  });
});

test('after a cluster is opened focus stays on the map and the new count is announced', async ({ page }) => {
  await openMap(page);
  const everywhere = await countOf(page);
  const cluster = page.locator('.map-marker--cluster').first();
  await cluster.focus();
  await page.keyboard.press('Enter');
  await expect(mapRegion(page)).toBeFocused();
  await expect.poll(() => countOf(page)).toBeLessThan(everywhere);
  await expect(page.getByRole('status').filter({ hasText: /propert/ })).toHaveText(/^\d+ propert(y|ies)$/);
});
