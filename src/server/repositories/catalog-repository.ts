import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { withTotal } from './paging.ts';
import { liveListingsBy, tallyKeyIs } from './property-repository.ts';
import { folded } from './text-search.ts';
import { categories, categoryParameters, cities, facilities, parameters, reportReasons } from '../db/schema/index.ts';

export async function listCategories(
  db: Executor,
  options: { search?: string | undefined; hasProperty: boolean; offset: number; limit: number },
) {
  const live = liveListingsBy(db, 'category', 'live');
  const propertyCount = sql<number>`coalesce(${live.listings}, 0)`;
  const conditions = [eq(categories.isActive, true)];
  if (options.search) conditions.push(ilike(categories.name, `%${escapeLike(options.search)}%`));
  if (options.hasProperty) conditions.push(sql`${live.listings} > 0`);
  const where = and(...conditions);
  return withTotal(
    db
      .select({
        id: categories.id,
        name: categories.name,
        names: categories.names,
        slug: categories.slug,
        image: categories.image,
        propertyCount,
      })
      .from(categories)
      .leftJoin(live, tallyKeyIs(live, categories.id))
      .where(where)
      .orderBy(asc(categories.sortOrder), asc(categories.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(categories).leftJoin(live, tallyKeyIs(live, categories.id)).where(where),
  );
}

export function listParametersOfCategories(db: Executor, categoryIds: number[]) {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      categoryId: categoryParameters.categoryId,
      id: parameters.id,
      name: parameters.name,
      names: parameters.names,
      typeOfParameter: parameters.typeOfParameter,
      typeValues: parameters.typeValues,
      isRequired: parameters.isRequired,
      image: parameters.image,
    })
    .from(categoryParameters)
    .innerJoin(parameters, eq(parameters.id, categoryParameters.parameterId))
    .where(inArray(categoryParameters.categoryId, categoryIds))
    .orderBy(asc(categoryParameters.sortOrder), asc(parameters.id));
}

export function listFacilities(db: Executor) {
  return db
    .select({ id: facilities.id, name: facilities.name, names: facilities.names, image: facilities.image })
    .from(facilities)
    .orderBy(asc(facilities.name));
}

/** Every city with its live listings, busiest first (the table is small and admin-kept; callers page it). */
export function listCitiesWithCounts(db: Executor) {
  // The tally counts city_key, the folded city: cities match their listings whatever the case and accents.
  const live = liveListingsBy(db, 'city', 'live');
  const propertyCount = sql<number>`coalesce(${live.listings}, 0)`;
  return db
    .select({
      id: cities.id,
      name: cities.name,
      state: cities.state,
      country: cities.country,
      latitude: cities.latitude,
      longitude: cities.longitude,
      image: cities.image,
      propertyCount,
    })
    .from(cities)
    .leftJoin(live, tallyKeyIs(live, folded(cities.name)))
    .orderBy(sql`${propertyCount} desc`, asc(cities.name));
}

/**
 * The site's own city of that name, state and country (compared without case), with its coordinates: where a
 * listing goes on the map when its form gave the place but no point (docs/decisions/034).
 */
export async function findCityCentre(db: Executor, place: { city: string; state: string; country: string }) {
  const [row] = await db
    .select({ latitude: cities.latitude, longitude: cities.longitude })
    .from(cities)
    .where(
      and(
        sql`lower(${cities.name}) = lower(${place.city})`,
        sql`lower(${cities.state}) = lower(${place.state})`,
        sql`lower(${cities.country}) = lower(${place.country})`,
        sql`${cities.latitude} is not null`,
        sql`${cities.longitude} is not null`,
      ),
    )
    .limit(1);
  return row && row.latitude !== null && row.longitude !== null
    ? { latitude: row.latitude, longitude: row.longitude }
    : null;
}

export function listReportReasons(db: Executor) {
  return db
    .select({ id: reportReasons.id, reason: reportReasons.reason, names: reportReasons.names })
    .from(reportReasons)
    .where(eq(reportReasons.isActive, true))
    .orderBy(asc(reportReasons.id));
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
