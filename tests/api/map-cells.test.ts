import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import { cellOf, COARSE_GRID, FINE_GRID } from '../../src/server/db/schema/map-grid.ts';
import { cellsOfView, listMapMarkers } from '../../src/server/repositories/map-repository.ts';
import type { PublicPropertyFilter } from '../../src/server/repositories/property-repository.ts';
import { createProperty, scatterListings, seedCatalog } from '../support/factories.ts';
import { plainMarkers } from '../support/map-oracle.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Map views of a town, a city or a region read their markers from `property_map`'s cells
 * (docs/decisions/021-map-cells.md). These tests hold them to the plain answer read from `properties`, and follow
 * one listing through the writes that put it on the map, move it and take it off.
 */
let app: TestApp;
let catalog: Awaited<ReturnType<typeof seedCatalog>>;
const db = () => app.database.db;

/**
 * Around Montreal (negative longitudes), spread over about 0.6° by 0.6°, listed over 500 minutes: many listings
 * share a minute, so the id breaks ties.
 */
const CENTRE = { latitude: 45.5, longitude: -73.6 };
const SPREAD = 3_000;
/** A corner of fine cells (both multiples of 0.05°). */
const EDGE = { latitude: 45.55, longitude: -73.6 };
/** On the antimeridian, by Fiji: listings on both sides of the line. */
const LINE = { latitude: -17, longitude: 180 };

beforeAll(async () => {
  app = await createTestApp();
  catalog = await seedCatalog(db());
  await scatterListings(db(), catalog, { centre: CENTRE, count: SPREAD, title: 'Cell listing', city: 'Montreal' });
  await scatterListings(db(), catalog, { centre: LINE, count: 1_500, title: 'Line listing', city: 'Suva' });
  // On the line itself, from either side (the same meridian), and on a fine cell's corner.
  for (const longitude of [180, -180])
    await createProperty(db(), {
      ownerId: catalog.owner.id,
      categoryId: catalog.apartment.id,
      latitude: LINE.latitude,
      longitude,
    });
  // Three listings exactly on a fine cell's corner, which is also the edge of some views below.
  for (let i = 0; i < 3; i++)
    await createProperty(db(), {
      ownerId: catalog.owner.id,
      categoryId: catalog.apartment.id,
      latitude: EDGE.latitude,
      longitude: EDGE.longitude,
    });
});

const box = (halfHeight: number, halfWidth: number, centre = CENTRE) => ({
  south: centre.latitude - halfHeight,
  north: centre.latitude + halfHeight,
  west: centre.longitude - halfWidth,
  east: centre.longitude + halfWidth,
});

describe('map markers from cells', () => {
  const { latitude: edgeLat, longitude: edgeLng } = EDGE;
  const views: Record<string, { bounds: ReturnType<typeof box>; grid: 'fine' | 'coarse' | null }> = {
    'a street (one fine cell)': { bounds: box(0.01, 0.01, { latitude: 45.52, longitude: -73.62 }), grid: 'fine' },
    'a city (fine cells)': { bounds: box(0.045, 0.08), grid: 'fine' },
    'a view ending on cell edges': {
      bounds: { south: edgeLat - 0.03, north: edgeLat, west: edgeLng, east: edgeLng + 0.04 },
      grid: 'fine',
    },
    'a view starting on cell edges': {
      bounds: { south: edgeLat, north: edgeLat + 0.02, west: edgeLng - 0.03, east: edgeLng },
      grid: 'fine',
    },
    'a single point on a cell corner': {
      bounds: { south: edgeLat, north: edgeLat, west: edgeLng, east: edgeLng },
      grid: 'fine',
    },
    'a metropolitan area (coarse cells)': { bounds: box(0.4, 0.7), grid: 'coarse' },
    'a country (no cells: the listings table)': { bounds: box(10, 20), grid: null },
    'a town across the antimeridian (fine cells on both sides)': {
      bounds: { south: -17.04, north: -16.96, west: 179.94, east: -179.94 },
      grid: 'fine',
    },
    'a view from the antimeridian, on a cell corner': {
      bounds: { south: -17, north: -16.98, west: 179.98, east: -180 },
      grid: 'fine',
    },
    'a region across the antimeridian (coarse cells)': {
      bounds: { south: -17.4, north: -16.6, west: 179.3, east: -179.3 },
      grid: 'coarse',
    },
    'an ocean across the antimeridian (no cells: the listings table)': {
      bounds: { south: -30, north: 0, west: 170, east: -170 },
      grid: null,
    },
  };
  const columns = { fine: s.propertyMap.fineCell, coarse: s.propertyMap.coarseCell };

  for (const [name, { bounds, grid }] of Object.entries(views))
    it(`gives the plain answer for ${name}, cut or whole, filtered or not`, async () => {
      expect(cellsOfView({ bounds })?.column ?? null).toBe(grid ? columns[grid] : null);
      const filters: PublicPropertyFilter[] = [
        { bounds },
        { bounds, propertyType: 'rent' },
        { bounds, categoryId: catalog.villa.id, minPriceMinor: 1_000_000, maxPriceMinor: 30_000_000 },
      ];
      for (const filter of filters)
        for (const limit of [2, 37, 1001]) {
          const expected = await plainMarkers(db(), filter, limit);
          const markers = await listMapMarkers(db(), filter, limit);
          expect(markers.map((m) => m.id)).toEqual(expected);
        }
      // The views are not empty: the comparison means something.
      expect((await plainMarkers(db(), { bounds }, 3)).length).toBe(3);
    });

  it('keeps a drawn area exact inside the cells', async () => {
    const area = [
      { latitude: 45.45, longitude: -73.65 },
      { latitude: 45.56, longitude: -73.62 },
      { latitude: 45.5, longitude: -73.52 },
    ];
    const bounds = { south: 45.45, north: 45.56, west: -73.65, east: -73.52 };
    const inside = await db()
      .select({ id: s.properties.id })
      .from(s.properties)
      .where(
        and(
          eq(s.properties.adminStatus, 'approved'),
          eq(s.properties.status, 'active'),
          sql`point(${s.properties.longitude}, ${s.properties.latitude}) <@ '((-73.65,45.45),(-73.62,45.56),(-73.52,45.5))'::polygon`,
        ),
      )
      .orderBy(desc(s.properties.createdAt), desc(s.properties.id));
    expect(inside.length).toBeGreaterThan(20);
    // A few markers are read cell by cell, a thousand through one ordered merge: both keep to the area.
    for (const limit of [5, 1001]) {
      const markers = await listMapMarkers(db(), { bounds, polygon: area }, limit);
      expect(markers.map((m) => m.id)).toEqual(inside.slice(0, limit).map((r) => r.id));
    }
  });

  it('sends the same markers and list over the API', async () => {
    const bounds = box(0.045, 0.08);
    // A price range keeps even a crowded view on pins (map-clusters.test.ts has the counted views).
    const MAX_PRICE = 40_000_000;
    const res = await app.call(
      'GET',
      `/api/get-properties-in-bounds?south=${bounds.south}&west=${bounds.west}&north=${bounds.north}&east=${bounds.east}&property_type=sell&max_price=${MAX_PRICE}`,
    );
    expect(res.status).toBe(200);
    const expected = await plainMarkers(db(), { bounds, propertyType: 'sell', maxPriceMinor: MAX_PRICE * 100 }, 1001);
    const data = res.body.data;
    expect(data.markers.map((m: { id: number }) => m.id)).toEqual(expected.slice(0, 1000));
    expect(data.truncated).toBe(expected.length > 1000);
    expect(data.items.map((c: { id: number }) => c.id)).toEqual(expected.slice(0, 20));
    const first = await db().query.properties.findFirst({ where: eq(s.properties.id, expected[0]!) });
    expect(data.markers[0]).toMatchObject({
      slug_id: first!.slug,
      title: first!.title,
      property_type: 'sell',
      latitude: first!.latitude,
      longitude: first!.longitude,
    });
  });

  it('numbers cells as the database does, on cell edges and at the ends of the world', async () => {
    const points = [
      [45.05, -73.0],
      [45.049999999, -73.000000001],
      [0, 0],
      [-0.0000001, -0.0000001],
      [-33.8688, 151.2093],
      [89.99, 179.99],
      [-90, -180],
      [90, 180],
    ] as const;
    for (const [latitude, longitude] of points) {
      const listing = await createProperty(db(), {
        ownerId: catalog.owner.id,
        categoryId: catalog.office.id,
        latitude,
        longitude,
      });
      const stored = await db().query.propertyMap.findFirst({ where: eq(s.propertyMap.propertyId, listing.id) });
      expect(stored).toMatchObject({
        fineCell: cellOf(FINE_GRID, latitude, longitude),
        coarseCell: cellOf(COARSE_GRID, latitude, longitude),
      });
    }
    // And the stored cells of the scattered listings are the ones cellOf gives.
    const stored = await db()
      .select({
        latitude: s.propertyMap.latitude,
        longitude: s.propertyMap.longitude,
        fine: s.propertyMap.fineCell,
        coarse: s.propertyMap.coarseCell,
      })
      .from(s.propertyMap)
      .limit(500);
    expect(stored.length).toBe(500);
    for (const row of stored) {
      expect(row.fine).toBe(cellOf(FINE_GRID, row.latitude, row.longitude));
      expect(row.coarse).toBe(cellOf(COARSE_GRID, row.latitude, row.longitude));
    }
  });
});

describe('the markers table', () => {
  it('indexes each grid by cell and date with every marker column, so views read the index alone', async () => {
    const { rows } = (await db().execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'property_map'`,
    )) as unknown as { rows: { indexname: string; indexdef: string }[] };
    const defs = Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
    for (const [name, cell] of [
      ['property_map_fine_idx', 'fine_cell'],
      ['property_map_coarse_idx', 'coarse_cell'],
    ])
      expect(defs[name!]).toContain(
        `(${cell}, created_at DESC, property_id DESC) INCLUDE (latitude, longitude, property_type, category_id, price_minor, slug, title)`,
      );
  });

  const onMap = async (id: number) => db().query.propertyMap.findFirst({ where: eq(s.propertyMap.propertyId, id) });

  it('follows a listing through approval, edits, moves, take-down and deletion', async () => {
    const listing = await createProperty(db(), {
      ownerId: catalog.owner.id,
      categoryId: catalog.apartment.id,
      adminStatus: 'pending',
      latitude: 45.51,
      longitude: -73.57,
    });
    expect(await onMap(listing.id)).toBeUndefined();
    const set = (values: Partial<typeof s.properties.$inferInsert>) =>
      db().update(s.properties).set(values).where(eq(s.properties.id, listing.id));

    await set({ adminStatus: 'approved' });
    expect(await onMap(listing.id)).toMatchObject({
      slug: listing.slug,
      title: listing.title,
      priceMinor: listing.priceMinor,
      fineCell: cellOf(FINE_GRID, 45.51, -73.57),
    });

    await set({ title: 'Loft by the canal', priceMinor: 250_000_00, propertyType: 'rent', rentDuration: 'monthly' });
    expect(await onMap(listing.id)).toMatchObject({ title: 'Loft by the canal', priceMinor: 250_000_00 });
    await set({ latitude: -33.87, longitude: 151.21 });
    expect(await onMap(listing.id)).toMatchObject({
      latitude: -33.87,
      fineCell: cellOf(FINE_GRID, -33.87, 151.21),
      coarseCell: cellOf(COARSE_GRID, -33.87, 151.21),
    });

    await set({ status: 'inactive' });
    expect(await onMap(listing.id)).toBeUndefined();
    await set({ status: 'active' });
    expect(await onMap(listing.id)).toBeDefined();
    await set({ latitude: null, longitude: null });
    expect(await onMap(listing.id)).toBeUndefined();
    await set({ latitude: 45.51, longitude: -73.57 });
    expect(await onMap(listing.id)).toBeDefined();
    await set({ adminStatus: 'rejected' });
    expect(await onMap(listing.id)).toBeUndefined();
    await set({ adminStatus: 'approved' });
    await db().delete(s.properties).where(eq(s.properties.id, listing.id));
    expect(await onMap(listing.id)).toBeUndefined();
  });
});
