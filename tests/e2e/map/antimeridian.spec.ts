import { expect, test } from '@playwright/test';
import * as s from '../../../src/server/db/schema/index.ts';
import { waitForIslands } from '../support/hydration.ts';
import { flatsAndTheirAgent, startOwnServer, type OwnServer } from '../support/own-server.ts';

/*
 * A map of Fiji, whose islands lie on both sides of the antimeridian: the map opens on a view across the line, asks
 * for it as a box with west > east, and shows the listings of both sides side by side. On a server of its own, whose
 * only listings are there, so the first view is theirs.
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
});
