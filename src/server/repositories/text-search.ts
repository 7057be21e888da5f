import { and, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { propertySearch, SEARCH_PARTITIONS } from '../db/schema/index.ts';
import type { PublicPropertyFilter, SearchPage } from './property-repository.ts';
import { isSet } from './search-shapes.ts';

/**
 * The searches for words that `property_search` answers (its narrow rows, docs/decisions/019, 025, 031 and 033),
 * as pieces of the listing repository's statements, which turn the ids into cards: words alone give the statements
 * to run first, a page of ids, and the capped count as a column and as a statement of its own; words with filters
 * give a probe, the answer it leads to, and the matches and page of ids read in order when that answer is yes.
 */

/** A text without case or accents (fold_text, migration 0028), as the search documents and place keys hold it. */
export const folded = (text: string | SQL | AnyPgColumn) => sql`fold_text(${text})`;

/** A search's words, folded as the documents are, so crème, creme and CREME find each other. */
export const textQuery = (search: string) => sql`websearch_to_tsquery('simple', ${folded(search)})`;

/** A place name matches a key column (its folded name) whatever its case and accents. */
export const samePlace = (key: AnyPgColumn, name: string) => eq(key, folded(name));

/** Whether a filter asks for words and nothing else, newest first. */
function isWordsAlone(filter: PublicPropertyFilter): filter is PublicPropertyFilter & { search: string } {
  const { search, sort, ...others } = filter;
  return !!search && isNewestFirst(sort) && setFields(others).length === 0;
}

/** The fields of a filter that its conditions take (an empty text or place is no filter, as in publicConditions). */
const setFields = (filter: PublicPropertyFilter) =>
  (Object.keys(filter) as (keyof PublicPropertyFilter)[]).filter((field) => isSet(field, filter[field]));
const isNewestFirst = (sort: PublicPropertyFilter['sort']) => sort === undefined || sort === 'newest';

/**
 * The first `limit` matches of a text, partition by partition (docs/decisions/025): each partition's subquery has a
 * limit of its own, so PostgreSQL gives it a plan that stops early (a scan for a common word, a bitmap for a rare
 * one), where over the whole partitioned table it would build a bitmap of every partition's posting list.
 */
function textMatchesByPartition(search: string, limit: SearchPage['countLimit'], columns = sql`1`) {
  const parts = Array.from(
    { length: SEARCH_PARTITIONS },
    (_, i) =>
      sql`(select ${columns} from ${sql.identifier(`property_search_${i}`)} where search @@ ${textQuery(search)} limit ${limit})`,
  );
  return sql`(${sql.join(parts, sql` union all `)} limit ${limit}) as matches`;
}

const newestFirst = sql`order by created_at desc, property_id desc`;

/**
 * Words and nothing else, newest first (docs/decisions/031), or null for any other search. The matches up to the
 * count's cap are read first, once (a CTE), through the partitions' text indexes; the page's ids come one of two
 * ways, chosen by their number: fewer than the cap, they are all the matches, sorted newest first; as many as the
 * cap or more, the listings are read newest first until the page is full. The planner cannot tell these apart: a word
 * it has no statistics for is guessed to match about a thousandth of the listings, so it always chose the
 * newest-first scan, which for a word matching nothing read all of property_search (1.2 s on PGlite at 1M listings).
 */
export function wordsAloneSearch(db: Executor, filter: PublicPropertyFilter, page: SearchPage) {
  if (!isWordsAlone(filter)) return null;
  const { search } = filter;
  const found = db
    .$with('text_matches')
    .as(
      db
        .select({ propertyId: sql<number>`property_id`.as('property_id'), createdAt: sql`created_at`.as('created_at') })
        .from(textMatchesByPartition(search, page.countLimit, sql`property_id, created_at`)),
    );
  const total = sql<number>`(select count(*) from ${found})`.mapWith(Number);
  const paged = sql`${newestFirst} limit ${page.limit} offset ${page.offset}`;
  const few = sql`select property_id from ${found} where ${total} < ${page.countLimit} ${paged}`;
  const many = sql`select property_id from ${propertySearch} where search @@ ${textQuery(search)} and ${total} >= ${page.countLimit} ${paged}`;
  // Alone (a page past the last match has no row to carry the count), the count reads no columns.
  const counted = db.select({ value: count().as('value') }).from(textMatchesByPartition(search, page.countLimit));
  return { ctes: [found], ids: sql`(${few}) union all (${many})`, total, count: counted };
}

/** The filters that `property_search` holds beside the words (migration 0020). */
const NARROW_FILTERS = [
  'propertyType',
  'categoryId',
  'city',
  'state',
  'country',
  'minPriceMinor',
  'maxPriceMinor',
  'postedAfter',
] as const satisfies readonly (keyof PublicPropertyFilter)[];

/** The filters with a newest-first index of their own on `property_search`, the narrowest kind first. */
const LEADING_FILTERS = [
  'city',
  'state',
  'country',
  'categoryId',
  'propertyType',
] as const satisfies readonly (keyof PublicPropertyFilter)[];

/**
 * The filters that are keys of no leading filter's index: a place that does not lead is tested on the row. Every
 * other filter is a key of each leading filter's index that it can come after (migration 0022: the places' indexes
 * carry category, type and price, the category's type and price, the type's price; the date is the second key of
 * each), so the index tests it before the row is read.
 */
const ROW_FILTERS = ['city', 'state', 'country'] as const satisfies readonly (keyof PublicPropertyFilter)[];
const isRowFilter = (field: keyof PublicPropertyFilter) => (ROW_FILTERS as readonly string[]).includes(field);

/** How many of the leading filter's newest rows the probe reads (SQL literals: constants, not parameters). */
const PROBE_ROWS = sql.raw('200');
/** A search reads its filter in order when it expects to reach the count's cap within this many rows. */
const ORDERED_READ_LIMIT = sql.raw('20000');

/** Each filter of the search as a condition over `property_search`'s columns. */
function narrowConditions(filter: PublicPropertyFilter): Partial<Record<(typeof NARROW_FILTERS)[number], SQL>> {
  const t = propertySearch;
  const place = (key: AnyPgColumn, name: string | undefined) => (name ? samePlace(key, name) : undefined);
  return {
    propertyType: filter.propertyType ? eq(t.propertyType, filter.propertyType) : undefined,
    categoryId: filter.categoryId ? eq(t.categoryId, filter.categoryId) : undefined,
    city: place(t.cityKey, filter.city),
    state: place(t.stateKey, filter.state),
    country: place(t.countryKey, filter.country),
    minPriceMinor: filter.minPriceMinor !== undefined ? gte(t.priceMinor, filter.minPriceMinor) : undefined,
    maxPriceMinor: filter.maxPriceMinor !== undefined ? lte(t.priceMinor, filter.maxPriceMinor) : undefined,
    postedAfter: filter.postedAfter ? gte(t.createdAt, filter.postedAfter) : undefined,
  };
}

/**
 * Words in a place, a category or a type, with any of the other filters `property_search` holds, newest first
 * (docs/decisions/033), or null for any other search. Such a search is found one of two ways: by reading the
 * filter's rows newest first, testing the words and the other filters on each, until the count's cap (cheap when
 * many rows match); or by the general search over the listings, where the planner intersects the words' text index
 * with the filter's (cheap when few match). The planner cannot choose between them: it takes words that often come
 * together ("sea view") as independent, so far rarer than they are, and built the bitmap of every listing holding
 * either word (60 to 100 ms at 1M listings). So the search measures first: `probe` reads the newest PROBE_ROWS rows
 * that the filter's index passes (the leading filter and the others it holds as keys, ROW_FILTERS aside) and answers
 * `chosen`: whether the matches among them promise the cap (or the page's last row, if further) within
 * ORDERED_READ_LIMIT such rows, or there are no more of them than the probe read. When it does, the matches are read
 * in order (`ctes`, `matches`, `ids`); otherwise the caller runs the general search. The probe is a statement of its
 * own, named by `probeName`: its plan is the same whatever the values (the leading filter's index, newest first), so
 * PostgreSQL keeps it, and the statement that follows is planned without the branch it does not take (both in one
 * statement cost PGlite 2.5 to 6 ms of planning; decisions/033). Rows the index refuses cost
 * neither branch a read of the row.
 */
export function wordsInOrder(db: Executor, filter: PublicPropertyFilter, page: SearchPage) {
  const { search, sort, ...others } = filter;
  if (!search || !isNewestFirst(sort)) return null;
  const set = setFields(others);
  if (!set.every((field) => (NARROW_FILTERS as readonly string[]).includes(field))) return null;
  // A price range or a date alone has no index here in newest order: the general search, with its price index.
  const leading = LEADING_FILTERS.find((field) => set.includes(field));
  if (!leading) return null;
  const conditions = narrowConditions(filter);
  const lead = conditions[leading];
  const besides = NARROW_FILTERS.filter((field) => field !== leading);
  const inIndex = besides.flatMap((field) => (!isRowFilter(field) && conditions[field]) || []);
  const onRow = besides.flatMap((field) => (isRowFilter(field) && conditions[field]) || []);
  const words = sql`${propertySearch.search} @@ ${textQuery(search)}`;
  // The ordered read must find the count's cap, or the page's last row when the count is skipped or shallower.
  const needed = sql`greatest(${page.countLimit}::integer, ${page.offset}::integer + ${page.limit}::integer)`;
  const probe = db
    .select({
      chosen: sql<boolean>`count(*) < ${PROBE_ROWS} or count(*) filter (where matching) * ${ORDERED_READ_LIMIT} >= ${needed} * ${PROBE_ROWS}`,
    })
    .from(
      sql`(select ${and(...onRow, words)} as matching from ${propertySearch} where ${and(lead, ...inIndex)} ${newestFirst} limit ${PROBE_ROWS}) as probed`,
    );
  // `offset 0` keeps the words out of the subquery, so that its rows come from the filter's index, in order.
  const inOrder = sql`(select property_id, created_at, search from ${propertySearch} where ${and(lead, ...inIndex, ...onRow)} ${newestFirst} offset 0) as in_order`;
  // The matches the count and the page need, read once for both (PostgreSQL plans and runs a CTE used twice once).
  const found = db
    .$with('text_in_order')
    .as(
      db
        .select({ propertyId: sql<number>`property_id`.as('property_id'), createdAt: sql`created_at`.as('created_at') })
        .from(
          sql`(select property_id, created_at from ${inOrder} where search @@ ${textQuery(search)} limit ${needed}) as found`,
        ),
    );
  return {
    probe,
    /** The probe's text depends only on which filters are set: one name per such set, short enough for PostgreSQL. */
    probeName: `words_probe_${NARROW_FILTERS.reduce((bits, field, i) => (set.includes(field) ? bits | (1 << i) : bits), 0)}`,
    /** The matches read in order, for the count and the page. */
    ctes: [found],
    /** The matches found in order, for the capped count. */
    matches: sql`select property_id from ${found}`,
    /** The page's ids found in order. */
    ids: sql`select property_id from ${found} ${newestFirst} limit ${page.limit} offset ${page.offset}`,
  };
}
