import { and, asc, count, desc, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../db/client.ts';
import { properties, propertyMap } from '../db/schema/index.ts';
import { cellsCovering, COARSE_GRID, FINE_GRID } from '../db/schema/map-grid.ts';
import {
  markerConditions,
  nearness,
  publicConditions,
  type MarkerFilter,
  type PublicPropertyFilter,
} from './property-repository.ts';

/**
 * Map markers: the public listings matching `filter` (its bounds and polygon included), as little as a marker
 * needs. Newest first, or nearest first with `filter.near`, so a cut-off keeps the ones that matter. A view of a
 * town, a city or a region reads them from `property_map`'s cells; the rest from `properties`, with the same
 * WHERE clause as the listing search, so markers and list always agree. Takes the database rather than an open
 * transaction: the cell read sets planner options for a transaction of its own.
 */
export function listMapMarkers(db: Database, filter: PublicPropertyFilter, limit: number) {
  const cells = cellsOfView(filter);
  return cells ? markersInCells(db, cells, filter, limit) : markersFromListings(db, filter, limit);
}
export type MapMarkerRow = Awaited<ReturnType<typeof markersFromListings>>[number];

/**
 * A view's cells, at most this many; a wider view reads the coarse grid. Each cell is one index read to plan and
 * merge: at 1M listings a city view's 12 fine cells took about 5 ms, 42 cells about 7 ms. Coarse cells are cheaper
 * where listings are dense but read many listings outside a view in a sparse place (docs/decisions/021-map-cells.md).
 */
const MAX_CELLS = 48;

/** The filters `property_map` holds: those of MarkerFilter, which markerConditions applies. */
const MARKER_FILTERS = new Set<keyof PublicPropertyFilter>([
  'bounds',
  'polygon',
  'propertyType',
  'categoryId',
  'minPriceMinor',
  'maxPriceMinor',
] satisfies (keyof MarkerFilter)[]);

/**
 * The cells of the finest grid that covers the view in at most MAX_CELLS, or null when the markers table cannot
 * answer: nearest-first order, a filter it does not hold (the check lists what may be set, so a new filter field
 * takes the general path until it is handled), or a view wider than a region. Exported for the tests, which check
 * which path a view takes.
 */
export function cellsOfView(filter: PublicPropertyFilter) {
  const { bounds } = filter;
  const unheld = Object.entries(filter).some(
    ([key, value]) => value !== undefined && !MARKER_FILTERS.has(key as keyof PublicPropertyFilter),
  );
  if (!bounds || unheld) return null;
  const fine = cellsCovering(FINE_GRID, bounds, MAX_CELLS);
  if (fine) return { column: propertyMap.fineCell, cells: fine };
  const coarse = cellsCovering(COARSE_GRID, bounds, MAX_CELLS);
  return coarse ? { column: propertyMap.coarseCell, cells: coarse } : null;
}

/** A marker as the cells' query encodes it: [id, slug, title, price_minor, property_type, latitude, longitude]. */
type EncodedMarker = [number, string, string, number, 'sell' | 'rent', number, number];

/**
 * The newest markers of each cell (from its index alone: property_map_fine_idx or _coarse_idx), merged newest
 * first. PostgreSQL merges the cells' ordered reads and stops each as soon as the limit is reached, so a city view
 * reads about `limit` index entries instead of every listing in it.
 *
 * The thousand markers come back as one JSON text: PGlite hands over a row at a time at a cost that dwarfs the
 * query (16 ms for 1,001 rows against 5 ms for the same as JSON, at 1M listings), and one text is also the cheapest
 * reply for node-postgres to read.
 */
function markersInCells(
  db: Database,
  view: { column: AnyPgColumn; cells: number[] },
  filter: PublicPropertyFilter,
  limit: number,
): Promise<MapMarkerRow[]> {
  const m = propertyMap;
  const where = and(...markerConditions(m, filter));
  const columns = sql.raw('property_id, slug, title, price_minor, property_type, latitude, longitude, created_at');
  const newest = sql.raw('order by created_at desc, property_id desc');
  const cells = view.cells.map(
    (cell) => sql`(select ${columns} from ${m} where ${view.column} = ${cell} and ${where} ${newest} limit ${limit})`,
  );
  return db.transaction(async (tx) => {
    // The planner takes a view's edge cells for nearly empty (it multiplies the box's latitude and longitude
    // shares of the whole table as if they were independent of the cell), so it would read them whole and sort
    // them. Ordered reads that stop at the limit are right for every cell; JIT would cost more than the query.
    await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true), set_config('jit', 'off', true)`);
    const encoded = sql.raw(
      'json_build_array(property_id, slug, title, price_minor, property_type, latitude, longitude) ' +
        'order by created_at desc, property_id desc',
    );
    // Both drivers answer execute() with { rows }; Drizzle types it per driver.
    const { rows } = (await tx.execute(sql`
      select coalesce(json_agg(${encoded}), '[]')::text as markers
      from (select ${columns} from (${sql.join(cells, sql` union all `)}) as cells ${newest} limit ${limit}) as chosen
    `)) as unknown as { rows: { markers: string }[] };
    return (JSON.parse(rows[0]!.markers) as EncodedMarker[]).map(
      ([id, slug, title, priceMinor, propertyType, latitude, longitude]) => ({
        id,
        slug,
        title,
        priceMinor,
        propertyType,
        latitude,
        longitude,
      }),
    );
  });
}

/** Markers from `properties`: nearest first, filters the markers table does not hold, or views wider than a region. */
function markersFromListings(db: Executor, filter: PublicPropertyFilter, limit: number) {
  const order = [...(filter.near ? [asc(nearness(filter.near))] : [desc(properties.createdAt)]), desc(properties.id)];
  // Ids first: the public location index holds the coordinates, the date and the id, so choosing among the tens of
  // thousands of listings in a view reads the index alone, and the table is read for the chosen rows only.
  const chosen = db
    .select({ id: properties.id })
    .from(properties)
    .where(and(publicConditions(filter), isNotNull(properties.latitude), isNotNull(properties.longitude)))
    .orderBy(...order)
    .limit(limit);
  return db
    .select({
      id: properties.id,
      slug: properties.slug,
      title: properties.title,
      priceMinor: properties.priceMinor,
      propertyType: properties.propertyType,
      latitude: properties.latitude,
      longitude: properties.longitude,
    })
    .from(properties)
    .where(inArray(properties.id, chosen))
    .orderBy(...order);
}

/**
 * Cities with public listings around a point (`filter.bounds` should be the box around it), nearest first: each
 * city's place is the average of its listings' coordinates. Grouped case-insensitively, like the city filter.
 */
export function listCitiesNear(
  db: Executor,
  point: { latitude: number; longitude: number },
  filter: PublicPropertyFilter,
  limit: number,
) {
  const latitude = sql<number>`avg(${properties.latitude})`.mapWith(Number);
  const longitude = sql<number>`avg(${properties.longitude})`.mapWith(Number);
  const cos = Math.cos((point.latitude * Math.PI) / 180);
  return db
    .select({
      city: sql<string>`min(${properties.city})`,
      state: sql<string>`min(${properties.state})`,
      country: sql<string>`min(${properties.country})`,
      latitude,
      longitude,
      listings: count(),
    })
    .from(properties)
    .where(and(publicConditions(filter), isNotNull(properties.latitude), isNotNull(properties.longitude)))
    .groupBy(properties.cityKey, properties.countryKey)
    .orderBy(
      sql`power(avg(${properties.latitude}) - ${point.latitude}, 2) + power((avg(${properties.longitude}) - ${point.longitude}) * ${cos}, 2)`,
    )
    .limit(limit);
}
