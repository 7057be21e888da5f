import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { facilities, parameters } from './catalog.ts';
import { id } from './columns.ts';
import { propertyType, rentDuration } from './enums.ts';
import { listingColumns } from './listing-columns.ts';
import { cellColumnSql, COARSE_GRID, FINE_GRID } from './map-grid.ts';
import type { ImageRecord } from './media-types.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const properties = pgTable(
  'properties',
  {
    id: id(),
    ...listingColumns(),
    propertyType: propertyType().notNull(),
    /** Minor units of the site currency. */
    priceMinor: bigint({ mode: 'number' }).notNull(),
    rentDuration: rentDuration(),
    address: text().notNull().default(''),
    formattedAddress: text().notNull().default(''),
    clientAddress: text(),
    titleImage: jsonb().$type<ImageRecord>(),
    threeDImage: jsonb().$type<ImageRecord>(),
    isPremium: boolean().notNull().default(false),
    isPrivate: boolean().notNull().default(false),
    totalViews: integer().notNull().default(0),
    totalLikes: integer().notNull().default(0),
    featuredUntil: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    approvedAt: timestamp({ withTimezone: true }),
    /**
     * The place names folded (fold_text: without case or accents, migration 0028), kept as plain columns: the place
     * filters and the counts per city read them from indexes alone, which PostgreSQL cannot do with an index on an
     * expression.
     */
    cityKey: text().generatedAlwaysAs((): SQL => sql`fold_text("city")`),
    stateKey: text().generatedAlwaysAs((): SQL => sql`fold_text("state")`),
    countryKey: text().generatedAlwaysAs((): SQL => sql`fold_text("country")`),
    /**
     * Full-text search document; 'simple' keeps words of every language searchable without stemming rules, and the
     * words are folded as a search's words are (textQuery), so São matches sao.
     */
    search: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple', fold_text(coalesce("title", ''))), 'A') || setweight(to_tsvector('simple', fold_text(coalesce("city", '') || ' ' || coalesce("state", '') || ' ' || coalesce("country", '') || ' ' || coalesce("address", ''))), 'B') || setweight(to_tsvector('simple', fold_text(coalesce("description", ''))), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex('properties_slug_unique').on(t.slug),
    // The admins' review queues: one status in order of the latest change (pending oldest first, the others newest
    // first), the count awaiting review from the index alone, every status together newest first, and one place's.
    index('properties_review_idx').on(t.adminStatus, t.updatedAt, t.id),
    index('properties_updated_idx').on(t.updatedAt, t.id),
    index('properties_review_city_idx').on(t.cityKey, t.updatedAt, t.id),
    // The queues' search by words of the title: its own statistics, where the search document's mix every part.
    index('properties_title_words_idx').using('gin', sql`to_tsvector('simple', ${t.title})`),
    index('properties_category_idx').on(t.categoryId),
    index('properties_owner_idx').on(t.ownerId),
    index('properties_type_price_idx').on(t.propertyType, t.priceMinor),
    index('properties_price_idx').on(t.priceMinor),
    index('properties_views_idx').on(t.totalViews),
    index('properties_likes_idx').on(t.totalLikes),
    index('properties_featured_idx').on(t.featuredUntil),
    index('properties_search_idx').using('gin', t.search),
    // Public lists (docs/performance.md): newest first, the same within a category (similar listings), and the
    // common city + type + category + price search, each over public listings only.
    index('properties_public_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.adminStatus} = 'approved' and ${t.status} = 'active'`),
    index('properties_public_category_newest_idx')
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.adminStatus} = 'approved' and ${t.status} = 'active'`),
    // The common place + type + category + price search; its trailing date and id let a page pick its rows and
    // count its matches from the index alone.
    index('properties_public_city_search_idx')
      .on(t.cityKey, t.propertyType, t.categoryId, t.priceMinor, t.createdAt, t.id)
      .where(sql`${t.adminStatus} = 'approved' and ${t.status} = 'active'`),
    // A place's newest listings, whatever else is filtered: the migration INCLUDEs the type, category and price, so
    // a page newest first reads the place's entries in order and stops at its 20th match, instead of sorting every
    // match of a price range (city) or reading the table for each (state, country), as docs/performance.md measured.
    ...(['city', 'state', 'country'] as const).map((place) =>
      index(`properties_public_${place}_newest_idx`)
        .on(t[`${place}Key`], t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
        .where(sql`${t.adminStatus} = 'approved' and ${t.status} = 'active'`),
    ),
    // Live listings per owner (agents on the home page), and the newest listings inside a map view, from the index.
    index('properties_public_owner_idx')
      .on(t.ownerId)
      .where(sql`${t.adminStatus} = 'approved' and ${t.status} = 'active'`),
    index('properties_public_location_idx')
      .on(t.latitude, t.longitude, t.createdAt, t.id)
      .where(sql`${t.adminStatus} = 'approved' and ${t.status} = 'active'`),
    check('properties_price_nonnegative', sql`${t.priceMinor} >= 0`),
    check('properties_counters_nonnegative', sql`${t.totalViews} >= 0 and ${t.totalLikes} >= 0`),
    check('properties_rent_duration_only_for_rent', sql`${t.propertyType} = 'rent' or ${t.rentDuration} is null`),
    // A place on Earth or none (also keeps the map's cell numbers, migration 0009, in range).
    check('properties_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('properties_longitude_range', sql`${t.longitude} between -180 and 180`),
  ],
);

/**
 * The text search of public listings (approved and active), narrow so that a search for a common word counts its
 * matches by reading a few pages rather than whole listing rows (docs/performance.md). Kept by the trigger
 * `properties_search_sync` (migration 0008), so every write to a listing, whatever its path, keeps it current.
 * Split into SEARCH_PARTITIONS hash partitions of the listing id (migration 0014, which Drizzle cannot declare), so
 * a capped count stops after the partitions that hold enough matches (docs/decisions/025).
 */
/** How many partitions `property_search` has (property_search_0, _1, ...; migration 0014). */
export const SEARCH_PARTITIONS = 4;

export const propertySearch = pgTable(
  'property_search',
  {
    propertyId: integer()
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    search: tsvector().notNull(),
    // The list page's filters that come with words (migration 0020, docs/decisions/033): a search for words in a
    // category or a place reads these narrow rows in that filter's newest-first order.
    propertyType: propertyType().notNull(),
    categoryId: integer().notNull(),
    priceMinor: bigint({ mode: 'number' }).notNull(),
    cityKey: text().notNull(),
    stateKey: text().notNull(),
    countryKey: text().notNull(),
  },
  (t) => [
    index('property_search_idx').using('gin', t.search),
    index('property_search_newest_idx').on(t.createdAt.desc().nullsFirst(), t.propertyId.desc().nullsFirst()),
    // Each leading filter's rows newest first (text-search.ts), with the filters that can come after it as trailing
    // keys: the index tests them before a row is read (docs/decisions/033).
    ...(
      [
        ['category', t.categoryId, [t.propertyType, t.priceMinor]],
        ['city', t.cityKey, [t.categoryId, t.propertyType, t.priceMinor]],
        ['state', t.stateKey, [t.categoryId, t.propertyType, t.priceMinor]],
        ['country', t.countryKey, [t.categoryId, t.propertyType, t.priceMinor]],
        ['type', t.propertyType, [t.priceMinor]],
      ] as const
    ).map(([name, column, trailing]) =>
      index(`property_search_${name}_newest_idx`).on(
        column,
        t.createdAt.desc().nullsFirst(),
        t.propertyId.desc().nullsFirst(),
        ...trailing,
      ),
    ),
  ],
);

/**
 * The map's markers of public listings (approved and active, with a place): what a marker shows and what a map
 * search filters on, with the listing's cell on the fine and coarse grids (map-grid.ts). A map view reads the newest
 * markers of each cell it covers from the cell indexes alone and merges them (src/server/repositories/
 * map-repository.ts). Kept by triggers on `properties` (migrations 0009 and 0016). The migration's cell indexes also
 * INCLUDE every other column, which Drizzle cannot declare.
 */
export const propertyMap = pgTable(
  'property_map',
  {
    // No foreign key: a cascade would delete markers one statement per listing, and the tally's triggers would then
    // count one listing at a time; the listings' delete trigger removes a statement's markers at once (migration 0016).
    propertyId: integer().primaryKey(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    propertyType: propertyType().notNull(),
    categoryId: integer().notNull(),
    priceMinor: bigint({ mode: 'number' }).notNull(),
    slug: text().notNull(),
    title: text().notNull(),
    fineCell: integer().generatedAlwaysAs((): SQL => cellColumnSql(FINE_GRID)),
    coarseCell: integer().generatedAlwaysAs((): SQL => cellColumnSql(COARSE_GRID)),
  },
  (t) => [
    index('property_map_fine_idx').on(t.fineCell, t.createdAt.desc().nullsFirst(), t.propertyId.desc().nullsFirst()),
    index('property_map_coarse_idx').on(
      t.coarseCell,
      t.createdAt.desc().nullsFirst(),
      t.propertyId.desc().nullsFirst(),
    ),
  ],
);

/**
 * How many public listings with a place each cell of each tally level holds, per type and category (and per type
 * alone, as category 0), with the sums of their coordinates for the cell's centre of mass: a map view wider than a
 * neighbourhood is drawn as counts from here. Kept by triggers on `property_map` (migrations 0011, 0013, 0016).
 */
export const propertyMapTally = pgTable(
  'property_map_tally',
  {
    level: smallint().notNull(),
    cellRow: integer().notNull(),
    cellColumn: integer().notNull(),
    propertyType: propertyType().notNull(),
    categoryId: integer().notNull(),
    listings: integer().notNull(),
    latitudeSum: doublePrecision().notNull(),
    longitudeSum: doublePrecision().notNull(),
  },
  (t) => [
    uniqueIndex('property_map_tally_cell_idx').on(t.level, t.cellRow, t.cellColumn, t.propertyType, t.categoryId),
    // Category 0 holds every category's listings of a cell and type: a view without a category filter reads these,
    // a twelfth of the entries (migration 0013). Not unique: the cell index already is, and the trigger's
    // ON CONFLICT can only merge on that one, so a second unique index could fail two writers racing for a new cell.
    index('property_map_tally_all_categories_idx')
      .on(t.level, t.cellRow, t.cellColumn, t.propertyType)
      .where(sql`${t.categoryId} = 0`),
  ],
);

/**
 * Public listings counted per category, city key and owner (`key` as text: an id or a city key), so the home page,
 * the categories, the cities and the agents read their counts from a few rows instead of grouping every public
 * listing: at 1M listings each grouping took 250 to 350 ms on PGlite, its thread blocked meanwhile. Kept by a
 * triggers on `properties` (migrations 0015 and 0016); a key whose listings all left stays at 0.
 */
export const propertyTally = pgTable(
  'property_tally',
  {
    dimension: text({ enum: ['category', 'city', 'owner'] }).notNull(),
    key: text().notNull(),
    listings: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.key] })],
);

export const propertyFloors = pgTable(
  'property_floors',
  {
    id: id(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    image: jsonb().$type<ImageRecord>(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index('property_floors_property_idx').on(t.propertyId)],
);

/** A listing's value for one of its category's parameters; the value keeps its type (number, text, list). */
export const propertyParameters = pgTable(
  'property_parameters',
  {
    id: id(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    parameterId: integer()
      .notNull()
      .references(() => parameters.id, { onDelete: 'cascade' }),
    value: jsonb().$type<string | number | boolean | string[]>().notNull(),
  },
  (t) => [
    uniqueIndex('property_parameters_unique').on(t.propertyId, t.parameterId),
    index('property_parameters_parameter_idx').on(t.parameterId),
  ],
);

export const propertyFacilities = pgTable(
  'property_facilities',
  {
    id: id(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    /** Kilometres. */
    distance: doublePrecision().notNull(),
  },
  (t) => [
    uniqueIndex('property_facilities_unique').on(t.propertyId, t.facilityId),
    index('property_facilities_facility_idx').on(t.facilityId),
  ],
);
