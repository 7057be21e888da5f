import { and, asc, count, desc, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { properties } from '../db/schema/index.ts';
import { nearness, publicConditions, type PublicPropertyFilter } from './property-repository.ts';

/**
 * Map markers: the public listings matching `filter` (its bounds and polygon included), as little as a marker
 * needs. The same WHERE clause as the listing search, so markers and list always agree. Newest first, or
 * nearest first with `filter.near`, so a cut-off keeps the ones that matter.
 */
export function listMapMarkers(db: Executor, filter: PublicPropertyFilter, limit: number) {
  const order = [...(filter.near ? [asc(nearness(filter.near))] : [desc(properties.createdAt)]), desc(properties.id)];
  // Ids first: the public location index holds the coordinates, the date and the id, so choosing among the tens of
  // thousands of listings in a city view reads the index alone, and the table is read for the chosen rows only.
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
export type MapMarkerRow = Awaited<ReturnType<typeof listMapMarkers>>[number];

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
