import { expect, test } from '@playwright/test';
import * as s from '../../../src/server/db/schema/index.ts';
import { waitForIslands } from '../support/hydration.ts';
import { flatsAndTheirAgent, startOwnServer, type OwnServer } from '../support/own-server.ts';

/*
 * A map of Fiji, whose islands lie on both sides of the antimeridian: the map opens on a view across the line, asks
 * for it as a box with west > east, and shows the listings of both sides side by side. On a server of its own, whose
 * only listings are there, so the first view is theirs. An area drawn around both is searched over the line too.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let own: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  own = await startOwnServer({
    prepare: async ({ db }) => {
      const { category, owner } = await flatsAndTheirAgent(db, {
        name: 'Island Owner',
        email: 'island@example.com',
        slug: 'isle',
      });
      const listing = (title: string, slug: string, longitude: number) => ({
        ownerId: owner.id,
        categoryId: category.id,
        title,
        slug,
        description: 'By the date line.',
        propertyType: 'sell' as const,
        priceMinor: 250_000_00,
        city: 'Taveuni',
        state: 'Northern',
        country: 'Fiji',
        latitude: -16.8,
        longitude,
        adminStatus: 'approved' as const,
        status: 'active' as const,
      });
      await db
        .insert(s.properties)
        .values([
          listing('East of the line', 'east-of-the-line', 179.6),
          listing('West of the line', 'west-of-the-line', -179.6),
        ]);
    },
  });
});

test.afterAll(async () => {
  await own?.stop();
});

test('a view across the antimeridian lists and draws the listings on both sides of it', async ({ page }) => {
  const views: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/get-properties-in-bounds') views.push(url.searchParams);
  });
  await page.goto(`${own.url}/properties/map`);
  await waitForIslands(page);
  const map = page.getByRole('region', { name: 'Map of properties' });
  await expect(map).toHaveAttribute('data-map-ready', 'true');
  await expect(page.getByTestId('map-count')).toHaveAttribute('data-state', 'idle');

  // The view the map asked for crosses the line: west of it is east of its east.
  const view = views.at(-1)!;
  expect(Number(view.get('west'))).toBeGreaterThan(Number(view.get('east')));
  expect(Number(view.get('east')) - Number(view.get('west')) + 360).toBeLessThan(20);
  await expect(page.getByTestId('map-count')).toHaveText('2 properties');
  await expect(page.getByTestId('map-card')).toHaveCount(2);

  // Both markers are on screen, on the copy of the world in view: the one east of the line (179.6°) to the left.
  const surface = (await map.boundingBox())!;
  const markerOf = (title: string) => map.locator(`.map-marker--listing[aria-label*="${title}"]`);
  const [east, west] = [
    await markerOf('East of the line').boundingBox(),
    await markerOf('West of the line').boundingBox(),
  ];
  for (const marker of [east!, west!]) {
    expect(marker.x).toBeGreaterThan(surface.x);
    expect(marker.x + marker.width).toBeLessThan(surface.x + surface.width);
  }
  expect(east!.x).toBeLessThan(west!.x);

  // An area drawn around both, over the line: its corners on each side of it, its edges the short way round.
  await page.getByRole('button', { name: 'Draw an area' }).click();
  // Markers are centred on their listings; the corners go 30 px beyond those points, and above and below the price
  // labels (a click on a label is not a click on the map).
  const left = east!.x + east!.width / 2 - 30;
  const right = west!.x + west!.width / 2 + 30;
  const top = Math.min(east!.y, west!.y) - 40;
  const bottom = Math.max(east!.y + east!.height, west!.y + west!.height) + 40;
  const corners: [number, number][] = [
    [left, top],
    [right, top],
    [right, bottom],
    [left, bottom],
  ];
  for (const [x, y] of corners) {
    expect(x > surface.x && x < surface.x + surface.width && y > surface.y && y < surface.y + surface.height).toBe(
      true,
    );
    await page.mouse.click(x, y);
  }
  // Every corner is drawn where it was clicked, on this copy of the world (in no particular order on the page).
  const vertices = map.locator('.map-marker--vertex');
  await expect(vertices).toHaveCount(4);
  const drawnAt = await vertices.evaluateAll((elements) =>
    elements.map((e) => e.getBoundingClientRect()).map((r) => r.x + r.width / 2),
  );
  const clickedAt = corners.map(([x]) => x).sort((a, b) => a - b);
  for (const [i, x] of drawnAt.sort((a, b) => a - b).entries()) expect(Math.abs(x - clickedAt[i]!)).toBeLessThan(3);
  await page.getByRole('toolbar', { name: 'Map tools' }).getByRole('button', { name: 'Finish the area' }).click();
  await expect(page).toHaveURL(/[?&]area=/);
  const area = new URL(page.url()).searchParams.get('area')!;
  const longitudes = area.split(';').map((corner) => Number(corner.split(',')[1]));
  // In the link the corners continue past ±180 on one side of the line: a narrow area, not one around the world.
  expect(Math.max(...longitudes) - Math.min(...longitudes)).toBeLessThan(5);
  expect(longitudes.some((l) => Math.abs(l) > 180)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Properties in the drawn area' })).toBeVisible();
  await expect(page.getByTestId('map-count')).toHaveText('2 properties');
  await expect(page.getByTestId('map-card')).toHaveCount(2);
  // The area is drawn as a narrow shape over the line, not a band around the rest of the world.
  const shape = (await map.locator('path.leaflet-interactive, svg path').first().boundingBox())!;
  expect(shape.width).toBeLessThan(right - left + 10);

  // The shared link, without JavaScript: the server lists the same two.
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain('2 properties');
  expect(html).toContain('West of the line');
  expect(html).toContain('East of the line');
});
