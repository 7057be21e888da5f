import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import type { MapClusterData } from '../../src/lib/map-data.ts';
import { TALLY_LEVELS } from '../../src/server/db/schema/map-grid.ts';
import {
  MAX_TALLY_GROUPS,
  tallyPlanOf,
  tallyView,
  type ViewTally,
} from '../../src/server/repositories/map-repository.ts';
import type { PublicPropertyFilter } from '../../src/server/repositories/property-repository.ts';
import { PINS_UP_TO } from '../../src/server/services/map-search-service.ts';
import { createProperty, scatterListings, seedCatalog } from '../support/factories.ts';
import { mapTallyCounted, mapTallyKept, plainMarkers } from '../support/map-oracle.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A crowded map view is drawn as counts from `property_map_tally` (docs/decisions/022-map-clusters.md). These
 * tests count the same listings in plain JavaScript from `properties`, follow the tally through the writes that
 * move listings between cells, and check what the API sends for crowded, small and filtered views.
 */
let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
const db = () => app.database.db;

/** Around Nairobi, south of the equator and east of Greenwich: 2,400 listings within about 0.3° of the centre. */
const CENTRE = { latitude: -1.29, longitude: 36.82 };
const SPREAD = 2_400;
/** Around Fiji's Taveuni, on the antimeridian: 1,500 listings on both sides of the line. */
const LINE = { latitude: -16.8, longitude: 180 };

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(db());
  await scatterListings(db(), catalog, { centre: CENTRE, count: SPREAD, title: 'Counted listing', city: 'Nairobi' });
  await scatterListings(db(), catalog, { centre: LINE, count: 1_500, title: 'Line listing', city: 'Taveuni' });
});

/** A box around a point on the antimeridian: from west of the line eastwards over it. */
const across = (halfHeight: number, halfWidth: number) => ({
  south: LINE.latitude - halfHeight,
  north: LINE.latitude + halfHeight,
  west: 180 - halfWidth,
  east: -180 + halfWidth,
});

const box = (halfHeight: number, halfWidth: number, centre = CENTRE) => ({
  south: centre.latitude - halfHeight,
  north: centre.latitude + halfHeight,
  west: centre.longitude - halfWidth,
  east: centre.longitude + halfWidth,
});

/** Public listings with a place, read from `properties` itself. */
async function publicPlaced() {
  const p = s.properties;
  const rows = await db()
    .select({
      latitude: p.latitude,
      longitude: p.longitude,
      propertyType: p.propertyType,
      categoryId: p.categoryId,
    })
    .from(p)
    .where(and(eq(p.adminStatus, 'approved'), eq(p.status, 'active'), isNotNull(p.latitude), isNotNull(p.longitude)));
  return rows as { latitude: number; longitude: number; propertyType: 'sell' | 'rent'; categoryId: number }[];
}

/**
 * The tally of a view worked out in JavaScript: the listings in the cells it touches, and in those wholly inside.
 * The view's columns are counted west to east, across the antimeridian too, where the columns at the line lie
 * inside the view.
 */
async function plainTally(filter: PublicPropertyFilter) {
  const plan = tallyPlanOf(filter)!;
  const perDegree = TALLY_LEVELS[plan.level]!;
  const columns = plan.columns.flatMap(({ first, last }) =>
    Array.from({ length: last - first + 1 }, (_, i) => first + i),
  );
  let listings = 0;
  let inside = 0;
  for (const row of await publicPlaced()) {
    if (filter.propertyType && row.propertyType !== filter.propertyType) continue;
    if (filter.categoryId && row.categoryId !== filter.categoryId) continue;
    const r = Math.floor(row.latitude * perDegree);
    const c = columns.indexOf(Math.floor(row.longitude * perDegree));
    if (r < plan.firstRow || r > plan.lastRow || c === -1) continue;
    listings++;
    if (r > plan.firstRow && r < plan.lastRow && c > 0 && c < columns.length - 1) inside++;
  }
  return { listings, inside };
}

const sumOf = (tally: ViewTally) => tally.clusters.reduce((sum, c) => sum + c.listings, 0);

describe('counting a view from the tally', () => {
  const views: Record<string, { bounds: ReturnType<typeof box>; level: number; group?: number }> = {
    'a neighbourhood': { bounds: box(0.02, 0.03), level: 0 },
    'a city': { bounds: box(0.045, 0.08), level: 0 },
    'a larger city': { bounds: box(0.09, 0.16), level: 1 },
    'the whole crowd': { bounds: box(0.35, 0.35), level: 2 },
    'a view ending on cell edges': { bounds: { south: -1.3, north: -1.2, west: 36.7, east: 36.8 }, level: 0 },
    'a country': { bounds: box(5, 6), level: 6 },
    'the world': {
      bounds: { south: -90, north: 90, west: -180, east: 180 },
      level: TALLY_LEVELS.length - 1,
      group: 11,
    },
    'a city across the antimeridian': { bounds: across(0.045, 0.08), level: 0 },
    'a crowd across the antimeridian': { bounds: across(0.35, 0.35), level: 2 },
    'an ocean across the antimeridian (groups of cells)': {
      bounds: { south: -60, north: 60, west: 100, east: -100 },
      level: TALLY_LEVELS.length - 1,
      group: 6,
    },
    // Both edges in one column of cells, which is counted once.
    'nearly the world, across the antimeridian': {
      bounds: { south: -80, north: 80, west: 36.5, east: 36.3 },
      level: TALLY_LEVELS.length - 1,
      group: 11,
    },
  };

  for (const [name, { bounds, level, group = 1 }] of Object.entries(views))
    it(`counts ${name} as plain JavaScript does, filtered or not`, async () => {
      const plan = tallyPlanOf({ bounds })!;
      expect(plan.level).toBe(level);
      expect(plan.group).toBe(group);
      expect((await tallyView(db(), plan, {})).clusters.length).toBeLessThanOrEqual(MAX_TALLY_GROUPS);
      const filters: PublicPropertyFilter[] = [
        { bounds },
        { bounds, propertyType: 'rent' },
        { bounds, categoryId: catalog.villa.id },
        { bounds, propertyType: 'sell', categoryId: catalog.apartment.id },
      ];
      for (const filter of filters) {
        const tally = await tallyView(db(), tallyPlanOf(filter)!, filter);
        expect({ listings: tally.listings, inside: tally.inside }).toEqual(await plainTally(filter));
        expect(sumOf(tally)).toBe(tally.listings);
        for (const cluster of tally.clusters) {
          expect(cluster.listings).toBeGreaterThan(0);
          expect(cluster.latitude).toBeGreaterThanOrEqual(cluster.south);
          expect(cluster.latitude).toBeLessThanOrEqual(cluster.north);
          expect(cluster.longitude).toBeGreaterThanOrEqual(cluster.west);
          expect(cluster.longitude).toBeLessThanOrEqual(cluster.east);
        }
      }
      // Not an empty view: the comparison means something.
      expect((await plainTally({ bounds })).listings).toBeGreaterThan(10);
    });

  it('keeps its groups in place as a wide view pans', async () => {
    const world = { south: -80, north: 80, west: -170, east: 170 };
    const shifted = { ...world, west: world.west + 1.3, east: world.east + 1.3 };
    const [a, b] = [tallyPlanOf({ bounds: world })!, tallyPlanOf({ bounds: shifted })!];
    expect(a.group).toBeGreaterThan(1);
    expect(b.group).toBe(a.group);
    // The crowd lies far from both views' edges: its group and its count are the same from either view.
    const crowd = (tally: ViewTally) =>
      tally.clusters.filter(
        (c) =>
          c.south <= CENTRE.latitude &&
          c.north > CENTRE.latitude &&
          c.west <= CENTRE.longitude &&
          c.east > CENTRE.longitude,
      );
    const [fromA, fromB] = [await tallyView(db(), a, {}), await tallyView(db(), b, {})];
    expect(crowd(fromA)).toHaveLength(1);
    expect(crowd(fromB)).toEqual(crowd(fromA));
    // Its box is that of the cells holding listings (about 0.6° of them), not of the whole 11-cell group.
    const [{ south, north, west, east }] = crowd(fromA) as [MapClusterData];
    const cell = 1 / TALLY_LEVELS.at(-1)!;
    expect(north - south).toBeLessThanOrEqual(2 * cell + 1e-9);
    expect(east - west).toBeLessThanOrEqual(2 * cell + 1e-9);
  });

  it('leaves to the markers what it does not hold', () => {
    const bounds = box(0.09, 0.16);
    expect(tallyPlanOf({ bounds, minPriceMinor: 100 })).toBeNull();
    expect(tallyPlanOf({ bounds, polygon: [CENTRE, CENTRE, CENTRE] })).toBeNull();
    expect(tallyPlanOf({ bounds, near: CENTRE })).toBeNull();
    expect(tallyPlanOf({})).toBeNull();
  });
});

describe('the tally table', () => {
  it('holds the levels of map-grid.ts', async () => {
    const { rows } = (await db().execute(
      sql`select level, per_degree from property_map_tally_levels() order by level`,
    )) as unknown as { rows: { level: number; per_degree: number }[] };
    expect(rows.map((r) => Number(r.per_degree))).toEqual([...TALLY_LEVELS]);
  });

  it('follows listings as they arrive, move, change type or category, leave and are deleted', async () => {
    expect(await mapTallyKept(db())).toEqual(await mapTallyCounted(db()));
    const listing = await createProperty(db(), {
      ownerId: catalog.owner.id,
      categoryId: catalog.apartment.id,
      latitude: 51.5,
      longitude: -0.12,
    });
    const set = (values: Partial<typeof s.properties.$inferInsert>) =>
      db().update(s.properties).set(values).where(eq(s.properties.id, listing.id));
    const cellOfListing = () =>
      db()
        .select()
        .from(s.propertyMapTally)
        .where(and(eq(s.propertyMapTally.level, 0), eq(s.propertyMapTally.cellRow, 5150)))
        .orderBy(asc(s.propertyMapTally.categoryId));
    expect(await cellOfListing()).toMatchObject([
      { cellColumn: -12, categoryId: 0, listings: 1 },
      { cellColumn: -12, categoryId: catalog.apartment.id, listings: 1 },
    ]);
    expect(await mapTallyKept(db())).toEqual(await mapTallyCounted(db()));

    await set({ title: 'A new name, the same place' });
    await set({ latitude: 51.51, longitude: -0.13 });
    await set({ propertyType: 'rent', rentDuration: 'monthly' });
    await set({ categoryId: catalog.villa.id });
    expect(await mapTallyKept(db())).toEqual(await mapTallyCounted(db()));
    // The cell it left holds nothing now, and is gone rather than kept at zero.
    expect(await cellOfListing()).toEqual([]);

    await set({ status: 'inactive' });
    expect(await mapTallyKept(db())).toEqual(await mapTallyCounted(db()));
    await set({ status: 'active' });
    await db().delete(s.properties).where(eq(s.properties.id, listing.id));
    expect(await mapTallyKept(db())).toEqual(await mapTallyCounted(db()));
    const zero = await db()
      .select()
      .from(s.propertyMapTally)
      .where(sql`${s.propertyMapTally.listings} <= 0`);
    expect(zero).toEqual([]);
  });
});

describe('get-properties-in-bounds on a crowded view', () => {
  const url = (bounds: ReturnType<typeof box>, extra = '') =>
    `/api/get-properties-in-bounds?south=${bounds.south}&west=${bounds.west}&north=${bounds.north}&east=${bounds.east}${extra}`;

  it('sends every listing counted by area, and the newest page in the list', async () => {
    const bounds = box(0.35, 0.35);
    const plain = await plainTally({ bounds });
    expect(plain.inside).toBeGreaterThan(1000);
    const res = await app.call('GET', url(bounds, '&limit=20&offset=20'));
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.markers).toEqual([]);
    expect(data.truncated).toBe(false);
    expect(data.clusters.reduce((sum: number, c: { listings: number }) => sum + c.listings, 0)).toBe(plain.listings);
    expect(data.clusters[0]).toEqual({
      listings: expect.any(Number),
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      south: expect.any(Number),
      west: expect.any(Number),
      north: expect.any(Number),
      east: expect.any(Number),
    });
    // More than the count cap is known from the tally alone.
    expect({ total: data.total, total_capped: data.total_capped }).toEqual({ total: 1000, total_capped: true });
    expect(data.items.map((c: { id: number }) => c.id)).toEqual((await plainMarkers(db(), { bounds }, 40)).slice(20));
  });

  it('counts a crowded view across the antimeridian on both sides of the line', async () => {
    const bounds = across(0.35, 0.35);
    const plain = await plainTally({ bounds });
    expect(plain.inside).toBeGreaterThan(PINS_UP_TO);
    const res = await app.call('GET', url(bounds));
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.markers).toEqual([]);
    const clusters = data.clusters as MapClusterData[];
    expect(clusters.reduce((sum, c) => sum + c.listings, 0)).toBe(plain.listings);
    // Each count lies on one side of the line, inside the box of its cells; there are counts on both sides.
    for (const c of clusters) {
      expect(c.west).toBeLessThanOrEqual(c.longitude);
      expect(c.longitude).toBeLessThanOrEqual(c.east);
    }
    expect(clusters.some((c) => c.longitude > 179)).toBe(true);
    expect(clusters.some((c) => c.longitude < -179)).toBe(true);
    // The list: the newest of the view on both sides, and their count up to the cap.
    const matches = await plainMarkers(db(), { bounds }, 1001);
    expect(data.items.map((c: { id: number }) => c.id)).toEqual(matches.slice(0, 20));
    expect({ total: data.total, total_capped: data.total_capped }).toEqual({
      total: Math.min(matches.length, 1000),
      total_capped: matches.length > 1000,
    });
  });

  it('counts exactly a crowded view that holds fewer than the cap', async () => {
    // Rented apartments: a third of the crowd, between the pins' limit and the count cap.
    const bounds = box(0.35, 0.35);
    const filter = { bounds, propertyType: 'rent' as const, categoryId: catalog.apartment.id };
    const plain = await plainTally(filter);
    expect(plain.inside).toBeGreaterThan(PINS_UP_TO);
    expect(plain.listings).toBeLessThan(1000);
    const res = await app.call('GET', url(bounds, `&property_type=rent&category_id=${catalog.apartment.id}`));
    const data = res.body.data;
    expect(data.markers).toEqual([]);
    expect(data.clusters.length).toBeGreaterThan(0);
    // Every listing of the filter lies inside the view, so the view's exact count is the tally's.
    expect({ total: data.total, total_capped: data.total_capped }).toEqual({
      total: plain.listings,
      total_capped: false,
    });
  });

  it('sends pins for a view about one crowded cell across, so a click on a count ends on pins', async () => {
    // 600 listings in the 0.01° cell from 5° N, 5° E: more than the pins' limit in one cell.
    await db().execute(sql`
      insert into properties (owner_id, category_id, title, slug, description, property_type, price_minor, city,
        state, country, latitude, longitude, admin_status, status)
      select ${catalog.owner.id}::int, ${catalog.apartment.id}::int, 'Tower flat ' || g, 'tower-flat-' || g, 'Dense.',
        'sell', 100000, 'Tower', 'Tower', 'Towerland', 5.001 + (g % 30) * 0.0003, 5.001 + (g / 30) * 0.0003,
        'approved', 'active'
      from generate_series(1, 600) g`);
    const around = { south: 4.97, north: 5.04, west: 4.97, east: 5.04 };
    const counted = (await app.call('GET', url(around))).body.data;
    expect(counted.markers).toEqual([]);
    expect(counted.clusters).toContainEqual(
      expect.objectContaining({ listings: 600, south: 5, north: 5.01, west: 5, east: 5.01 }),
    );
    // The count's box with a little margin, as the map fits it: still crowded, but pins.
    const cell = { south: 4.998, north: 5.012, west: 4.998, east: 5.012 };
    const pinned = (await app.call('GET', url(cell))).body.data;
    expect(pinned.clusters).toEqual([]);
    expect(pinned.markers).toHaveLength(600);
    expect(pinned.truncated).toBe(false);
  });

  it('sends pins for a small view, and for a crowded one with a filter the tally does not hold', async () => {
    const small = box(0.01, 0.01);
    const few = await app.call('GET', url(small));
    expect(few.body.data.clusters).toEqual([]);
    expect(few.body.data.markers.map((m: { id: number }) => m.id)).toEqual(
      await plainMarkers(db(), { bounds: small }, 1000),
    );
    expect(few.body.data.markers.length).toBeGreaterThan(0);

    const priced = await app.call('GET', url(box(0.35, 0.35), '&min_price=1'));
    expect(priced.body.data.clusters).toEqual([]);
    expect(priced.body.data.markers).toHaveLength(1000);
    expect(priced.body.data.truncated).toBe(true);
  });
});
