import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  lte,
  ne,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import { areaNear } from '../../lib/geo.ts';
import type { Executor } from '../db/client.ts';
import { preparedPerDatabase, preparedPerKey, UNNAMED } from '../db/prepared.ts';
import { cappedTotal, COUNT_CAP, countCap, WORD_SEARCH_COUNT_CAP, withCappedTotal } from './paging.ts';
import { searchShape } from './search-shapes.ts';
import { samePlace, textQuery, wordsAloneSearch, wordsInOrder } from './text-search.ts';
import {
  categories,
  categoryParameters,
  facilities,
  favourites,
  parameters,
  properties,
  propertyFacilities,
  propertyFloors,
  propertyParameters,
  propertyTally,
  users,
} from '../db/schema/index.ts';
import { listingOwnerColumns } from './owner-columns.ts';
import { parameterAtLeast } from './card-facts-repository.ts';

/** Saved feed preferences (personalised_fields) in repository terms; prices in minor units. */
export interface FeedPreferences {
  categoryIds: readonly number[];
  facilityIds: readonly number[];
  propertyType?: 'sell' | 'rent' | undefined;
  city?: string | undefined;
  minPriceMinor?: number | undefined;
  maxPriceMinor?: number | undefined;
}

export type PublicPropertySort = 'newest' | 'price_asc' | 'price_desc' | 'most_viewed' | 'most_liked';

/**
 * A public listing search. Every field narrows the result and is answered by an index of `properties`
 * (see src/server/db/schema/properties.ts): the name of the index is beside each field.
 */
export interface PublicPropertyFilter {
  /** Full text (properties_search_idx, GIN); websearch syntax: words, "phrases", -excluded. */
  search?: string | undefined;
  /** Tested in the place indexes; with a price order and no place, properties_type_price_idx. */
  propertyType?: 'sell' | 'rent' | undefined;
  /** properties_public_category_newest_idx */
  categoryId?: number | undefined;
  /** Any of these categories (the personalised feed); properties_public_category_newest_idx. */
  categoryIds?: readonly number[] | undefined;
  /** Promoted: featured at this moment (properties_featured_idx). */
  featuredAt?: Date | undefined;
  /**
   * Equality without case or accents on the folded key columns: properties_public_city_search_idx, and a place's newest
   * first in properties_public_city_newest_idx, _state_newest_idx and _country_newest_idx.
   */
  city?: string | undefined;
  state?: string | undefined;
  country?: string | undefined;
  /** Inclusive, minor units: tested in the place indexes; in price order, properties_price_idx. */
  minPriceMinor?: number | undefined;
  maxPriceMinor?: number | undefined;
  /** Listed at or after (properties_public_newest_idx). */
  postedAfter?: Date | undefined;
  /** One owner's listings (properties_owner_idx). */
  ownerId?: number | undefined;
  /** Leave this listing out (similar listings). */
  exceptId?: number | undefined;
  /**
   * Listings with a value for this parameter (property_parameters_parameter_idx, then the unique
   * (property_id, parameter_id) index); with `value`, that value (case-insensitive; one of a checkbox list).
   */
  parameter?: { id: number; value?: string | undefined } | undefined;
  /** Each: at least `atLeast` in one of these number parameters (bedrooms, bathrooms; card-facts-repository.ts). */
  minParameters?: readonly { ids: readonly number[]; atLeast: number }[] | undefined;
  /**
   * A personalised feed: listings matching at least one preference, best matches first (then newest); ignores
   * `sort`. Scored per row, so meant for the first pages of a feed, not deep paging.
   */
  preferences?: FeedPreferences | undefined;
  /** Only this user's favourites, most recently added first unless `sort` says otherwise (favourites_user_property_unique). */
  favouritedBy?: number | undefined;
  /**
   * Inside this box, edges included (properties_public_location_idx: the latitude range, then longitude in it);
   * west > east is a box across the antimeridian.
   */
  bounds?: { south: number; west: number; north: number; east: number } | undefined;
  /** Inside this polygon (`point <@ polygon`, exact), tested after `bounds`, which should be its bounding box. */
  polygon?: readonly { latitude: number; longitude: number }[] | undefined;
  /** Nearest to this point first (equirectangular distance; pair it with `bounds` around it); ignores `sort`. */
  near?: { latitude: number; longitude: number } | undefined;
  sort?: PublicPropertySort | undefined;
}

/**
 * Live listings per category, city key or owner, from `property_tally` (kept by a trigger, migration 0015) rather
 * than grouped from every public listing: a subquery of `key` (text) and `listings`, without the keys at 0. Join it
 * with `tallyKeyIs`, which compares the key as stored so the tally's primary key finds one row.
 */
export function liveListingsBy(db: Executor, dimension: TallyDimension, alias: string) {
  return db
    .select({ key: propertyTally.key, listings: propertyTally.listings })
    .from(propertyTally)
    .where(and(eq(propertyTally.dimension, dimension), gt(propertyTally.listings, 0)))
    .as(alias);
}

export type TallyDimension = (typeof propertyTally.dimension.enumValues)[number];

/** The join of a tally subquery to the id or city key it counts. */
export const tallyKeyIs = (live: { key: AnyPgColumn | SQL.Aliased }, id: AnyPgColumn | SQL) =>
  sql`${live.key} = (${id})::text`;

/** What the public may see: approved by an admin and not withdrawn, sold or rented by the owner. */
export const isPublicListing = (row: { adminStatus: string; status: string }) =>
  row.adminStatus === 'approved' && row.status === 'active';

/**
 * The condition of `isPublicListing` in SQL, with literals rather than parameters: it is the condition of the partial
 * indexes on public listings (migrations 0006, 0007 and 0012), which PostgreSQL can match to a parameter only in a plan
 * made for one call's values, never in a prepared statement's generic plan.
 */
export const publicListing: SQL = sql`(${properties.adminStatus} = 'approved' and ${properties.status} = 'active')`;

/** The WHERE clause of a public listing search; the map search (map-repository.ts) reuses it for its markers. */
export function publicConditions(filter: PublicPropertyFilter): SQL {
  const conditions: (SQL | undefined)[] = [publicListing];
  if (filter.categoryIds) conditions.push(inArray(properties.categoryId, [...filter.categoryIds]));
  if (filter.featuredAt) conditions.push(gt(properties.featuredUntil, filter.featuredAt));
  if (filter.city) conditions.push(samePlace(properties.cityKey, filter.city));
  if (filter.state) conditions.push(samePlace(properties.stateKey, filter.state));
  if (filter.country) conditions.push(samePlace(properties.countryKey, filter.country));
  if (filter.postedAfter) conditions.push(gte(properties.createdAt, filter.postedAfter));
  if (filter.ownerId) conditions.push(eq(properties.ownerId, filter.ownerId));
  if (filter.exceptId) conditions.push(ne(properties.id, filter.exceptId));
  if (filter.parameter) conditions.push(hasParameter(filter.parameter.id, filter.parameter.value));
  for (const { ids, atLeast } of filter.minParameters ?? []) conditions.push(parameterAtLeast(ids, atLeast));
  if (filter.search) conditions.push(sql`${properties.search} @@ ${textQuery(filter.search)}`);
  if (filter.preferences) conditions.push(sql`${preferenceScore(filter.preferences)} > 0`);
  conditions.push(...markerConditions(properties, filter));
  return and(...conditions)!;
}

/** The filters that the map's markers table holds too (map-repository.ts), over either table's columns. */
export type MarkerFilter = Pick<
  PublicPropertyFilter,
  'propertyType' | 'categoryId' | 'minPriceMinor' | 'maxPriceMinor' | 'bounds' | 'polygon'
>;

/** Type, category, price range, `bounds` and `polygon` over `properties` or the map's markers. */
export function markerConditions(
  table: Record<'propertyType' | 'categoryId' | 'priceMinor' | 'latitude' | 'longitude', AnyPgColumn>,
  filter: MarkerFilter,
): SQL[] {
  const conditions: SQL[] = [];
  if (filter.propertyType) conditions.push(eq(table.propertyType, filter.propertyType));
  if (filter.categoryId) conditions.push(eq(table.categoryId, filter.categoryId));
  if (filter.minPriceMinor !== undefined) conditions.push(gte(table.priceMinor, filter.minPriceMinor));
  if (filter.maxPriceMinor !== undefined) conditions.push(lte(table.priceMinor, filter.maxPriceMinor));
  if (filter.bounds) {
    const { south, west, north, east } = filter.bounds;
    conditions.push(gte(table.latitude, south), lte(table.latitude, north));
    // West > east is a box across the antimeridian: its longitudes are [west, 180] and [-180, east]. Such a box gets
    // no shape (search-shapes.ts), so its edges are numbers here; a shape's placeholders never compare greater.
    if (west > east) conditions.push(sql`(${gte(table.longitude, west)} or ${lte(table.longitude, east)})`);
    else conditions.push(gte(table.longitude, west), lte(table.longitude, east));
  }
  if (filter.polygon) {
    // PostgreSQL's built-in geometry (no extension; PGlite has it too): x is the longitude, y the latitude. An area
    // across the antimeridian runs past ±180 (geo.ts, parseArea), so a listing on the far side of the line is tested
    // a turn of the world over too.
    const corners = areaNear(filter.polygon);
    const ring = `(${corners.map((p) => `(${p.longitude},${p.latitude})`).join(',')})`;
    const longitudes = corners.map((p) => p.longitude);
    const copies = [
      sql`${table.longitude}`,
      ...(Math.max(...longitudes) > 180 ? [sql`${table.longitude} + 360`] : []),
      ...(Math.min(...longitudes) < -180 ? [sql`${table.longitude} - 360`] : []),
    ];
    const inside = copies.map((longitude) => sql`point(${longitude}, ${table.latitude}) <@ ${ring}::polygon`);
    conditions.push(inside.length === 1 ? inside[0]! : sql`(${sql.join(inside, sql` or `)})`);
  }
  return conditions;
}

/**
 * How well a listing matches feed preferences: category and city weigh 3, type and price range 2, a preferred
 * facility nearby 1. The facility subquery names its table explicitly (Drizzle renders bare columns inside it).
 */
function preferenceScore(p: FeedPreferences): SQL {
  const parts: SQL[] = [];
  const when = (condition: SQL | undefined, weight: number) =>
    sql`(case when ${condition} then ${sql.raw(String(weight))} else 0 end)`;
  if (p.categoryIds.length) parts.push(when(inArray(properties.categoryId, [...p.categoryIds]), 3));
  if (p.city) parts.push(when(samePlace(properties.cityKey, p.city), 3));
  if (p.propertyType) parts.push(when(eq(properties.propertyType, p.propertyType), 2));
  if (p.minPriceMinor !== undefined || p.maxPriceMinor !== undefined)
    parts.push(
      when(
        and(
          p.minPriceMinor === undefined ? undefined : gte(properties.priceMinor, p.minPriceMinor),
          p.maxPriceMinor === undefined ? undefined : lte(properties.priceMinor, p.maxPriceMinor),
        ),
        2,
      ),
    );
  if (p.facilityIds.length)
    parts.push(
      when(
        sql`exists (select 1 from "property_facilities" pf where pf."property_id" = "properties"."id" and pf."facility_id" in (${sql.join(
          p.facilityIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
        1,
      ),
    );
  return parts.length ? sql`(${sql.join(parts, sql` + `)})` : sql`0`;
}

/*
 * Written with explicit aliases: inside a subquery Drizzle renders bare column names, and "id" would then bind
 * to the inner table. A value matches a scalar (text, number, yes/no) or one element of a checkbox list.
 */
function hasParameter(parameterId: number, value: string | undefined): SQL {
  const valueMatches =
    value === undefined
      ? sql``
      : sql` and (lower(pp."value" #>> '{}') = lower(${value}) or (jsonb_typeof(pp."value") = 'array' and exists (select 1 from jsonb_array_elements_text(pp."value") e(v) where lower(e.v) = lower(${value}))))`;
  return sql`exists (select 1 from "property_parameters" pp where pp."property_id" = "properties"."id" and pp."parameter_id" = ${parameterId}${valueMatches})`;
}

/**
 * Squared equirectangular distance in degrees from `point` to a listing (or to `at`, another pair of expressions):
 * ranks by nearness like the great-circle distance does nearby. Longitudes differ the short way round, so 179.9°
 * and -179.9° are 0.2° apart, not 359.8°.
 */
export function nearness(
  point: { latitude: number; longitude: number },
  at: { latitude: SQL | AnyPgColumn; longitude: SQL | AnyPgColumn } = properties,
): SQL {
  const cos = Math.cos((point.latitude * Math.PI) / 180);
  const apart = sql`abs(${at.longitude} - ${point.longitude})`;
  return sql`(power(${at.latitude} - ${point.latitude}, 2) + power(least(${apart}, 360 - ${apart}) * ${cos}, 2))`;
}

function ordering(filter: PublicPropertyFilter): SQL[] {
  if (filter.near) return [asc(nearness(filter.near)), desc(properties.id)];
  if (filter.preferences)
    return [desc(preferenceScore(filter.preferences)), desc(properties.createdAt), desc(properties.id)];
  switch (filter.sort) {
    case 'price_asc':
      return [asc(properties.priceMinor), desc(properties.id)];
    case 'price_desc':
      return [desc(properties.priceMinor), desc(properties.id)];
    case 'most_viewed':
      return [desc(properties.totalViews), desc(properties.id)];
    case 'most_liked':
      return [desc(properties.totalLikes), desc(properties.id)];
    case 'newest':
      return [desc(properties.createdAt), desc(properties.id)];
    default:
      return filter.favouritedBy
        ? [desc(favourites.createdAt), desc(favourites.id)]
        : [desc(properties.createdAt), desc(properties.id)];
  }
}

const cardColumns = {
  id: properties.id,
  slug: properties.slug,
  title: properties.title,
  priceMinor: properties.priceMinor,
  propertyType: properties.propertyType,
  rentDuration: properties.rentDuration,
  city: properties.city,
  state: properties.state,
  country: properties.country,
  latitude: properties.latitude,
  longitude: properties.longitude,
  titleImage: properties.titleImage,
  isPremium: properties.isPremium,
  featuredUntil: properties.featuredUntil,
  totalViews: properties.totalViews,
  totalLikes: properties.totalLikes,
  createdAt: properties.createdAt,
  categoryId: properties.categoryId,
  categoryName: categories.name,
  categoryNames: categories.names,
  categorySlug: categories.slug,
};

/**
 * Listing cards with their category's name, for any list of public listings, with `extra` columns if given; `db`
 * may be `db.with(...)`, for cards whose statement computes something first.
 */
const cardsQuery = <Extra extends SelectedFields>(db: Pick<Executor, 'select'>, extra?: Extra) =>
  db
    .select({ ...cardColumns, ...(extra as Extra) })
    .from(properties)
    .leftJoin(categories, eq(categories.id, properties.categoryId));

/** A page's limit and offset, and how many matches to count: numbers, or placeholders in a statement per shape. */
export interface SearchPage {
  limit: number | Placeholder;
  offset: number | Placeholder;
  countLimit: number | Placeholder;
}

/**
 * A search's statements: its page of cards and the capped count of its matches. The count is a column of the page's
 * statement (`total`, computed once for the statement): one statement instead of two saves PostgreSQL a parse, a
 * plan and a round trip, about a tenth of a search's cost under load (measured for filtered and text searches). A
 * favourites list keeps its count apart, since its page joins the favourites directly.
 */
function searchQueries(db: Executor, filter: PublicPropertyFilter, page: SearchPage) {
  const text = wordsAloneSearch(db, filter, page);
  if (text) {
    const pageRows = cardsQuery(db.with(...text.ctes), { total: nullableCount(text.total) })
      .where(sql`${properties.id} in (${text.ids})`)
      .orderBy(desc(properties.createdAt), desc(properties.id));
    return { pageRows, count: text.count, countApart: false };
  }
  const where = publicConditions(filter);
  const order = ordering(filter);
  const mine = filter.favouritedBy
    ? and(eq(favourites.propertyId, properties.id), eq(favourites.userId, filter.favouritedBy))!
    : undefined;
  /** The ids of the matching listings (a new builder each time: dynamic builders change in place). */
  const matches = () => {
    const ids = db.select({ id: properties.id }).from(properties).$dynamic();
    return (mine ? ids.innerJoin(favourites, mine) : ids).where(where);
  };
  const counted = db.select({ value: count() }).from(matches().limit(page.countLimit).as('matches'));
  const countApart = mine !== undefined;
  const total = nullableCount(countApart ? sql`null` : sql`(${counted})`);
  const cards = cardsQuery(db, { total });
  // The page's ids first, then their rows: the ids often come from an index alone (a place search, a map view,
  // newest first), so the table is read for the rows shown, not for every candidate sorted. Favourites are
  // ordered by when they were saved, so that list joins them directly.
  const pageIds = matches()
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const pageRows = mine
    ? cards
        .innerJoin(favourites, mine)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset)
    : cards.where(inArray(properties.id, pageIds)).orderBy(...order);
  return { pageRows, count: counted, countApart };
}

/** A count as the page's column: null when the page does not carry it. */
const nullableCount = (value: SQL) =>
  sql<number | null>`${value}`.mapWith((counted) => (counted === null ? null : Number(counted)));

/**
 * Words in a category or a place read in the filter's order (text-search.ts, docs/decisions/033): the probe that
 * chooses this way, and the page and count it gives; null for searches that never read in order.
 */
function wordsInOrderQueries(db: Executor, filter: PublicPropertyFilter, page: SearchPage) {
  const inOrder = wordsInOrder(db, filter, page);
  if (!inOrder) return null;
  // The capped matches, counted alone or as the page's column (which takes the page's own CTEs, not a second copy).
  const capped = sql`(${inOrder.matches} limit ${page.countLimit}) as matches`;
  const counted = db
    .with(...inOrder.ctes)
    .select({ value: count() })
    .from(capped);
  const pageRows = cardsQuery(db.with(...inOrder.ctes), {
    total: nullableCount(sql`(select count(*) from ${capped})`),
  })
    .where(sql`${properties.id} in (${inOrder.ids})`)
    .orderBy(desc(properties.createdAt), desc(properties.id));
  return { probe: inOrder.probe, probeName: inOrder.probeName, pageRows, count: counted, countApart: false };
}

const placeholders: SearchPage = {
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  countLimit: sql.placeholder('countLimit'),
};

const searchStatements = preparedPerKey((db: Executor, _key: string, filter: PublicPropertyFilter) => {
  const general = searchQueries(db, filter, placeholders);
  const inOrder = wordsInOrderQueries(db, filter, placeholders);
  return {
    general: {
      pageRows: general.pageRows.prepare(UNNAMED),
      count: general.count.prepare(UNNAMED),
      countApart: general.countApart,
    },
    inOrder: inOrder && {
      // Named: the probe's plan does not depend on its values (text-search.ts), so PostgreSQL keeps it.
      probe: inOrder.probe.prepare(inOrder.probeName),
      pageRows: inOrder.pageRows.prepare(UNNAMED),
      count: inOrder.count.prepare(UNNAMED),
      countApart: inOrder.countApart,
    },
  };
});

/**
 * A search's statements, ready to run: its shape's (search-shapes.ts), or built for its values. Words that may be
 * read in order are probed first, and the statements of the way the probe chose are the ones returned.
 */
async function searchRun(db: Executor, filter: PublicPropertyFilter, numbers: SearchPage & Record<string, number>) {
  const shape = searchShape(filter);
  if (!shape) {
    const inOrder = wordsInOrderQueries(db, filter, numbers);
    const queries = inOrder && (await inOrder.probe)[0]?.chosen ? inOrder : searchQueries(db, filter, numbers);
    return { pageRows: () => queries.pageRows, count: () => queries.count, countApart: queries.countApart };
  }
  const statements = searchStatements(db, shape.key, shape.filter);
  const values = { ...shape.values, ...numbers };
  const { inOrder } = statements;
  const chosen = inOrder && (await inOrder.probe.execute(values))[0]?.chosen;
  const run = chosen ? inOrder : statements.general;
  return {
    pageRows: () => run.pageRows.execute(values),
    count: () => run.count.execute(values),
    countApart: run.countApart,
  };
}

export async function listPublicProperties(
  db: Executor,
  filter: PublicPropertyFilter,
  /** `count: false` skips counting the matches, for lists that show no total (the home page's rows). */
  page: { offset: number; limit: number; count?: boolean },
) {
  const cap = countCap(page, filter.search ? WORD_SEARCH_COUNT_CAP : COUNT_CAP);
  // Not counting, the count is cut to nothing: a limit of 0.
  const countLimit = page.count === false ? 0 : cap + 1;
  const search = await searchRun(db, filter, { limit: page.limit, offset: page.offset, countLimit });
  const found = search.pageRows();
  const rowsOf = (rows: Awaited<typeof found>) => rows.map(({ total: _total, ...row }) => row);
  if (page.count === false) {
    const rows = rowsOf(await found);
    return { rows, total: page.offset + rows.length, totalCapped: false };
  }
  if (search.countApart) return withCappedTotal(found.then(rowsOf), search.count(), cap);
  const rows = await found;
  // The count rides on every row of the page; a page past the last match has no row to carry it.
  const total = rows[0]?.total ?? (page.offset === 0 && page.limit > 0 ? 0 : ((await search.count())[0]?.value ?? 0));
  return { rows: rowsOf(rows), ...cappedTotal(total, cap) };
}
export type PublicPropertyRow = Awaited<ReturnType<typeof listPublicProperties>>['rows'][number];

const cardsByIdStatement = preparedPerDatabase((db) =>
  cardsQuery(db)
    .where(and(publicListing, sql`${properties.id} = any(${sql.placeholder('ids')}::integer[])`))
    .prepare('public_cards_by_id'),
);

/**
 * The cards of public listings already chosen by id (a map's page cut from its markers), in no particular order.
 * Flat, without the search's subquery and filters, and prepared (docs/decisions/023): the ids are an array
 * parameter, so one statement serves any page, and its plan (the primary key) is the same for every page.
 */
export function listPublicCardsById(db: Executor, ids: readonly number[]): Promise<PublicPropertyRow[]> {
  return cardsByIdStatement(db).execute({ ids: [...ids] });
}

const {
  search: _search,
  cityKey: _city,
  stateKey: _state,
  countryKey: _country,
  ...propertyColumns
} = getTableColumns(properties);

/** How many similar listings a listing's detail shows. */
const SIMILAR_LISTINGS = 4;

const similarCardsStatement = preparedPerDatabase((db) =>
  cardsQuery(db)
    .where(
      and(
        publicListing,
        eq(properties.categoryId, sql.placeholder('categoryId')),
        ne(properties.id, sql.placeholder('exceptId')),
      ),
    )
    .orderBy(desc(properties.createdAt), desc(properties.id))
    // A literal: with a placeholder PostgreSQL's generic plan would guess a tenth of the category, cost more than
    // the plans made for 4 rows, and never be chosen.
    .limit(SIMILAR_LISTINGS)
    .prepare('similar_listing_cards'),
);

/**
 * The newest public listings of a listing's category but itself, for its detail page: prepared, since its best
 * plan (the category's newest first, properties_public_category_newest_idx) is the same for every category.
 */
export function listSimilarCards(db: Executor, listing: { id: number; categoryId: number }) {
  return similarCardsStatement(db).execute({ categoryId: listing.categoryId, exceptId: listing.id });
}

/** A listing's parameter value as its detail shows it: the parameter's name, kind and icon with the value. */
export type ParameterDetail = Pick<
  typeof parameters.$inferSelect,
  'id' | 'name' | 'names' | 'typeOfParameter' | 'image'
> &
  Pick<typeof propertyParameters.$inferSelect, 'value'>;

/** A facility a listing is near, by name, with its distance. */
export type FacilityDetail = Pick<typeof facilities.$inferSelect, 'id' | 'name' | 'names' | 'image'> &
  Pick<typeof propertyFacilities.$inferSelect, 'distance'>;

/** A listing's floor plan. */
export type FloorDetail = Pick<typeof propertyFloors.$inferSelect, 'id' | 'title' | 'image'>;

/*
 * A listing's parameters, facilities and floors as JSON arrays computed with the row of `properties` they belong to,
 * so its detail is one statement instead of four (on PGlite each statement is a trip to its thread).
 */
const jsonList = <T>(row: SQL, order: SQL, from: SQL) =>
  sql<T[]>`coalesce((select json_agg(${row} order by ${order}) from ${from}), '[]'::json)`;

/** Its category's order first (parameters the category no longer lists last), then the parameter's id. */
const parametersOfListing = jsonList<ParameterDetail>(
  sql`json_build_object('id', ${parameters.id}, 'name', ${parameters.name}, 'names', ${parameters.names},
    'typeOfParameter', ${parameters.typeOfParameter},
    'image', ${parameters.image}, 'value', ${propertyParameters.value})`,
  sql`${categoryParameters.sortOrder} asc nulls last, ${parameters.id}`,
  sql`${propertyParameters} join ${parameters} on ${parameters.id} = ${propertyParameters.parameterId}
    left join ${categoryParameters} on ${categoryParameters.parameterId} = ${parameters.id}
      and ${categoryParameters.categoryId} = ${properties.categoryId}
    where ${propertyParameters.propertyId} = ${properties.id}`,
);

/** Nearest first. */
const facilitiesOfListing = jsonList<FacilityDetail>(
  sql`json_build_object('id', ${facilities.id}, 'name', ${facilities.name}, 'names', ${facilities.names},
    'image', ${facilities.image},
    'distance', ${propertyFacilities.distance})`,
  sql`${propertyFacilities.distance}, ${facilities.id}`,
  sql`${propertyFacilities} join ${facilities} on ${facilities.id} = ${propertyFacilities.facilityId}
    where ${propertyFacilities.propertyId} = ${properties.id}`,
);

const floorsOfListing = jsonList<FloorDetail>(
  sql`json_build_object('id', ${propertyFloors.id}, 'title', ${propertyFloors.title}, 'image', ${propertyFloors.image})`,
  sql`${propertyFloors.sortOrder}, ${propertyFloors.id}`,
  sql`${propertyFloors} where ${propertyFloors.propertyId} = ${properties.id}`,
);

/**
 * One listing with its category, owner, parameters, facilities and floors, by id or by slug, prepared once per
 * database (db/prepared.ts).
 */
const listingWithOwner = (key: 'id' | 'slug') =>
  preparedPerDatabase((db) =>
    db
      .select({
        property: propertyColumns,
        category: { id: categories.id, name: categories.name, names: categories.names, slug: categories.slug },
        owner: listingOwnerColumns,
        parameters: parametersOfListing,
        facilities: facilitiesOfListing,
        floors: floorsOfListing,
      })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerId))
      .leftJoin(categories, eq(categories.id, properties.categoryId))
      .where(eq(key === 'id' ? properties.id : properties.slug, sql.placeholder('key')))
      .limit(1)
      .prepare(`listing_with_owner_by_${key}`),
  );
const listingWithOwnerById = listingWithOwner('id');
const listingWithOwnerBySlug = listingWithOwner('slug');

/**
 * One listing whatever its state (the service decides who may see it), with its category, the owner's card and
 * its parameters, facilities and floors. The owner's email and mobile come along for the service to show to
 * signed-in viewers only.
 */
export async function findPropertyWithOwner(db: Executor, by: { id: number } | { slug: string }) {
  const [row] =
    'id' in by
      ? await listingWithOwnerById(db).execute({ key: by.id })
      : await listingWithOwnerBySlug(db).execute({ key: by.slug });
  return row ?? null;
}

/** What engagement rules need to know about a listing: who owns it and whether it is public. */
export async function findPropertyAccess(db: Executor, by: { id: number } | { slug: string }) {
  const [row] = await db
    .select({
      id: properties.id,
      slug: properties.slug,
      title: properties.title,
      ownerId: properties.ownerId,
      categoryId: properties.categoryId,
      adminStatus: properties.adminStatus,
      status: properties.status,
      totalLikes: properties.totalLikes,
    })
    .from(properties)
    .where('id' in by ? eq(properties.id, by.id) : eq(properties.slug, by.slug))
    .limit(1);
  return row ?? null;
}

/** A listing's parameters and facilities by name, as its detail shows them (empty lists for no such listing). */
export async function findListingDetails(db: Executor, propertyId: number) {
  const [row] = await db
    .select({ parameters: parametersOfListing, facilities: facilitiesOfListing })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row ?? { parameters: [], facilities: [] };
}

/**
 * Adds counted views to listings in one statement (src/server/services/view-counter.ts), in id order so that two
 * servers writing at once lock the rows in the same order. Not an edit: `updated_at` stays.
 */
export async function addPropertyViews(db: Executor, views: readonly (readonly [id: number, count: number])[]) {
  if (views.length === 0) return;
  const rows = [...views].sort(([a], [b]) => a - b).map(([id, count]) => sql`(${id}::int, ${count}::int)`);
  await db.execute(sql`update ${properties} set total_views = ${properties.totalViews} + counted.views
    from (values ${sql.join(rows, sql`, `)}) as counted(id, views) where ${properties.id} = counted.id`);
}

/** Moves the denormalised favourite count by `delta` (never below zero); returns the new count. */
export async function adjustPropertyLikes(db: Executor, id: number, delta: 1 | -1): Promise<number> {
  const [row] = await db
    .update(properties)
    .set({
      totalLikes: sql`greatest(${properties.totalLikes} + ${delta}, 0)`,
      updatedAt: sql`${properties.updatedAt}`,
    })
    .where(eq(properties.id, id))
    .returning({ totalLikes: properties.totalLikes });
  return row?.totalLikes ?? 0;
}
