import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/hydration.ts';

/*
 * Map search, the listing's map and the location picker. No tile server is reachable from the tests: tiles fail
 * to load, which is fine, since markers, clusters and drawn areas are DOM elements Leaflet draws itself.
 */

/** The number of listings the list reports once the map has loaded what is in view (not while loading). */
const countOf = async (page: Page) => {
  const status = page.getByTestId('map-count');
  // The state and the text are read together: read one after the other, a reload starting in between would give
  // "Loading…" for a count.
  let text = '';
  await expect
    .poll(async () => {
      const [state, shown] = await status.evaluate((element) => [element.dataset['state'], element.textContent ?? '']);
      text = shown!;
      return state;
    })
    .toBe('idle');
  expect(text, 'the list says how many properties it holds').toMatch(/\d/);
  return Number(text.replace(/\D/g, ''));
};
const map = (page: Page) => page.getByRole('region', { name: 'Map of properties' });

test('the map shows clustered markers, follows the view and filters to a drawn area kept in the URL', async ({
  page,
}) => {
  await page.goto('/properties/map');
  await waitForIslands(page);
  await expect(map(page)).toHaveAttribute('data-map-ready', 'true');
  const markers = page.locator('.map-marker--listing, .map-marker--cluster');
  await expect(markers.first()).toBeVisible();
  await expect(page.getByTestId('map-card').first()).toBeVisible();
  const everywhere = await countOf(page);
  expect(everywhere).toBeGreaterThan(20);
  await expectNoSeriousA11yViolations(page);

  // Draw a square around the biggest cluster: the list narrows to what is inside. The map is first dragged to put
  // that cluster in its middle, so the square lies on the map whatever the first view was.
  const surface = page.locator('.map-surface');
  await surface.scrollIntoViewIfNeeded();
  const mapBox = (await surface.boundingBox())!;
  const middle = { x: mapBox.x + mapBox.width / 2, y: mapBox.y + mapBox.height / 2 };
  // Read in one go in the page: markers are redrawn after each reload.
  const biggestCluster = () =>
    page.evaluate(() => {
      const clusters = [...document.querySelectorAll<HTMLElement>('.map-marker--cluster')].map((element) => {
        const box = element.getBoundingClientRect();
        return { size: Number(element.innerText), x: box.x + box.width / 2, y: box.y + box.height / 2 };
      });
      return clusters.reduce((biggest, cluster) => (cluster.size > biggest.size ? cluster : biggest));
    });
  const start = await biggestCluster();
  // A drag must start on the map itself: one that starts on a marker does not move it.
  const grip = await page.evaluate(
    ({ x, y }) => {
      for (const [dx, dy] of [
        [0, 40],
        [40, 0],
        [0, -40],
        [-40, 0],
        [40, 40],
        [-40, -40],
        [40, -40],
        [-40, 40],
      ]) {
        const at = document.elementFromPoint(x + dx!, y + dy!);
        if (at?.closest('.map-surface') && !at.closest('.map-marker, .leaflet-control'))
          return { x: x + dx!, y: y + dy! };
      }
      return null;
    },
    { x: start.x, y: start.y },
  );
  expect(grip, 'a free spot on the map beside the biggest cluster').not.toBeNull();
  await page.mouse.move(grip!.x, grip!.y);
  await page.mouse.down();
  await page.mouse.move(grip!.x + middle.x - start.x, grip!.y + middle.y - start.y, { steps: 8 });
  await page.mouse.up();
  const offCentre = async () => {
    const { x, y } = await biggestCluster();
    return Math.hypot(x - middle.x, y - middle.y);
  };
  await expect.poll(offCentre).toBeLessThan(40);
  await expect(page.getByTestId('map-count')).toHaveAttribute('data-state', 'idle');

  await page.getByRole('button', { name: 'Draw an area' }).click();
  await expect(page.getByText(/click the map to add corners/)).toBeVisible();
  const { size: biggestSize, x: cx, y: cy } = await biggestCluster();
  const corners: [number, number][] = [
    [-140, -140],
    [140, -140],
    [140, 140],
    [-140, 140],
  ];
  for (const [dx, dy] of corners)
    expect(
      cx + dx > mapBox.x &&
        cx + dx < mapBox.x + mapBox.width &&
        cy + dy > mapBox.y &&
        cy + dy < mapBox.y + mapBox.height,
      'every corner on the map',
    ).toBe(true);
  for (const [dx, dy] of corners) await page.mouse.click(cx + dx, cy + dy);
  await expect(page.locator('.map-marker--vertex')).toHaveCount(4);
  await page.getByRole('toolbar', { name: 'Map tools' }).getByRole('button', { name: 'Finish the area' }).click();
  await expect(page).toHaveURL(/[?&]area=[-\d.,;%A-F]+/);
  await expect(page.getByRole('heading', { name: 'Properties in the drawn area' })).toBeVisible();
  await expect.poll(() => countOf(page)).toBeLessThan(everywhere);
  const inArea = await countOf(page);
  // A cluster's members lie within its 64-pixel cell, or a neighbouring one whose cluster would have overlapped it,
  // so all of them are inside the 280-pixel square.
  expect(inArea).toBeGreaterThanOrEqual(biggestSize);
  // The area is drawn in the site's brand colour as the page has it (tokens.css or the console's theme).
  const area = page.locator('.leaflet-overlay-pane path').first();
  await expect(area).toBeVisible();
  const { stroke, brand } = await area.evaluate((path) => ({
    stroke: path.getAttribute('stroke'),
    brand: getComputedStyle(path).getPropertyValue('--brand').trim(),
  }));
  expect(brand).toMatch(/^#[0-9a-f]{6}$/i);
  expect(stroke).toBe(brand);

  // The shared link works without JavaScript: the server lists the same area.
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain(inArea === 1 ? '1 property' : `${inArea} properties`);
  expect(html).toContain('Properties in the drawn area');

  // Clearing the area goes back to everything in view.
  await page.getByRole('button', { name: 'Clear the area' }).click();
  await expect(page).not.toHaveURL(/area=/);
  await expect.poll(() => countOf(page)).toBeGreaterThan(inArea);

  // Zooming into a cluster: the list follows the map's view.
  const before = await countOf(page);
  await page.locator('.map-marker--cluster').first().click();
  await expect.poll(() => countOf(page)).toBeLessThan(before);
});

test('without JavaScript the map page is a server-rendered list of the area, with paging links', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // Western Europe and North Africa.
  await page.goto('/properties/map?area=' + encodeURIComponent('60,-12;60,35;25,35;25,-12'));
  await expect(page.getByRole('heading', { name: 'Properties in an area' })).toBeVisible();
  const cards = page.getByTestId('map-card');
  await expect(cards.first()).toBeVisible();
  const places = await page.locator('[data-testid="map-card"] .card__meta:last-child').allInnerTexts();
  expect(places.some((p) => /Mumbai|India/.test(p))).toBe(false);
  await expect(page.getByText('The interactive map is loading.')).toBeVisible();
  // A bad area is explained, not an error page.
  await page.goto('/properties/map?area=1,2;3,4');
  await expect(page.getByText('An area needs 3 to 100 corners')).toBeVisible();
  await context.close();
});

test('the filters show from the start on a wide screen and stay folded under their button on a phone', async ({
  page,
}) => {
  const type = page.getByTestId('map-filters').getByLabel('Type', { exact: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/properties/map?property_type=rent');
  await expect(type).toBeVisible();
  await expect(type).toHaveValue('rent');
  await expect(page.getByTestId('map-filters').locator('summary')).toBeHidden();
  await type.selectOption('sell');
  await page.getByTestId('map-filters').getByRole('button', { name: 'Show properties' }).click();
  await expect(page).toHaveURL(/property_type=sell/);
  // The filters and the page around the map; the map's markers and controls are checked by the map's own tests
  // (above, in Arabic and in the dark scheme), where the listings under the view do not change while axe reads.
  await expect(page.locator('[data-map-ready="true"]')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, ['.map-surface']);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/properties/map');
  await expect(type).toBeHidden();
  await page.getByTestId('map-filters').locator('summary').click();
  await expect(type).toBeVisible();
});

test('in Arabic the map controls sit on the reading side', async ({ page }) => {
  await page.goto('/properties/map?lang=ar');
  await waitForIslands(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.leaflet-top.leaflet-right .leaflet-control-zoom')).toBeVisible();
  await expect(page.getByRole('button', { name: 'ارسم منطقة' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a listing's map loads only when scrolled into view", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/properties-details/renovated-2-bedroom-farmhouse-in-cairo', { waitUntil: 'networkidle' });
  expect(scripts).toEqual([]);
  // Leaflet's stylesheet comes with the engine too: nothing of it blocks the page's first paint.
  const leafletSheets = () =>
    page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href?.includes('leaflet')).length);
  expect(await leafletSheets()).toBe(0);
  await expect(page.locator('.leaflet-container')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open the map' })).toBeVisible();

  await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded();
  const listingMap = page.getByRole('region', { name: 'Map of where this property is' });
  await expect(listingMap).toHaveAttribute('data-map-ready', 'true');
  await expect(listingMap.locator('.map-marker--pin')).toBeVisible();
  expect(scripts.some((url) => url.includes('leaflet'))).toBe(true);
  expect(await leafletSheets()).toBe(1);
  await expect(listingMap.locator('.leaflet-pane').first()).toHaveCSS('position', 'absolute');
});

test('the location picker fills city, state, country and address from a click', async ({ page }) => {
  test.slow();
  await page.goto('/login?next=/user/properties/new');
  await page.getByLabel('Email').fill('agent2@example.com');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/properties\/new$/);
  await page.getByRole('radio', { name: 'Apartment' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForIslands(page);
  await page.getByLabel('Title', { exact: true }).fill('Picked on the map');
  await page.getByLabel('Description', { exact: true }).fill('A flat whose place was picked on the map.');
  await page.getByLabel('Price').fill('250000');
  await page.getByRole('button', { name: 'Next' }).click();

  const picker = page.getByRole('region', { name: 'Pick the place on the map' });
  await expect(picker).toHaveAttribute('data-map-ready', 'true');
  // Find the city first (the search), then click the map near its centre.
  await page.getByLabel('Search for a place').fill('Lisbon');
  await page.getByLabel('Search for a place').press('Enter');
  await page.getByRole('button', { name: 'Lisbon, Portugal' }).click();
  await expect(page.getByLabel('City')).toHaveValue('Lisbon');
  for (const name of ['City', 'State or region', 'Country', 'Full address']) await page.getByLabel(name).fill('');

  const box = (await picker.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20);
  await expect(page.getByTestId('location-status')).toContainText('Filled in:');
  await expect(page.getByLabel('City')).toHaveValue('Lisbon');
  await expect(page.getByLabel('State or region')).toHaveValue('Lisbon');
  await expect(page.getByLabel('Country')).toHaveValue('Portugal');
  await expect(page.getByLabel('Full address')).toHaveValue('Lisbon, Portugal');
  await expect(page.getByLabel('Latitude')).toHaveValue(/^38\.7\d*/);
  await expect(page.getByLabel('Longitude')).toHaveValue(/^-9\.1\d*/);
  await expectNoSeriousA11yViolations(page);

  // The step is complete: the form moves on.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 3 of 7')).toBeVisible();
});
