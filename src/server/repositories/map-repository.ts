import { and, asc, count, desc, inArray, isNotNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MapClusterData } from '../../lib/map-data.ts';
import type { Executor } from '../db/client.ts';
import { preparedPerKey } from '../db/prepared.ts';
import { properties, propertyMap, propertyMapTally } from '../db/schema/index.ts';
import {
  cellsCovering,
  cellSpan,
  COARSE_GRID,
  FINE_GRID,
  TALLY_LEVELS,
  type ColumnRun,
  type CoveredCell,
} from '../db/schema/map-grid.ts';
import {
  markerConditions,
  nearness,
  publicConditions,
  type MarkerFilter,
  type PublicPropertyFilter,
} from './property-repository.ts';
import { searchShape, type SearchShape } from './search-shapes.ts';

/**
 * Map markers: the public listings matching `filter` (its bounds and polygon included), as little as a marker
 * needs. Newest first, or nearest first with `filter.near`, so a cut-off keeps the ones that matter. A view of a
 * town, a city or a region reads them from `property_map`'s cells; the rest from `properties`, with the same
 * WHERE clause as the listing search, so markers and list always agree.
 */
export function listMapMarkers(db: Executor, filter: PublicPropertyFilter, limit: number) {
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

/** Only these filters leave a view answerable by the tally: it counts listings per cell, type and category. */
const TALLY_FILTERS = new Set<keyof PublicPropertyFilter>(['bounds', 'propertyType', 'categoryId']);

/**
 * Whether the filter sets no field outside `held`. The check lists what may be set, not what may not, so a filter
 * field added later takes the general path until a table that holds it says so.
 */
function setsOnly(filter: PublicPropertyFilter, held: ReadonlySet<keyof PublicPropertyFilter>) {
  return Object.entries(filter).every(
    ([key, value]) => value === undefined || held.has(key as keyof PublicPropertyFilter),
  );
}

/** A view is counted in at most about this many groups of cells, so a reply stays a few kilobytes. */
export const MAX_TALLY_GROUPS = 400;

export interface ViewTally {
  /** Listings in the cells the view touches, some of them just outside it. */
  listings: number;
  /** Listings in the cells wholly inside the view: the view holds at least this many. */
  inside: number;
  clusters: MapClusterData[];
}

/**
 * How a view is counted: the finest tally level that covers it in at most MAX_TALLY_GROUPS cells, or the coarsest
 * with its cells taken `group` by `group` on each side. Groups line up with multiples of `group`, not with the
 * view, so panning keeps them where they are; a view across the antimeridian has a run of columns on each side of
 * it, grouped apart. Null when the tally cannot answer the filter (a drawn area, a price range, nearest first, a
 * text: anything but the view, the type and the category).
 */
export function tallyPlanOf(filter: PublicPropertyFilter) {
  const { bounds } = filter;
  if (!bounds || !setsOnly(filter, TALLY_FILTERS)) return null;
  const cellsAt = (perDegree: number) => ({ perDegree, ...cellSpan(perDegree, bounds) });
  const groupsOf = (cells: ReturnType<typeof cellsAt>, group: number) => {
    const across = (first: number, last: number) => Math.floor(last / group) - Math.floor(first / group) + 1;
    return across(cells.firstRow, cells.lastRow) * cells.columns.reduce((n, run) => n + across(run.first, run.last), 0);
  };
  let level = TALLY_LEVELS.findIndex((perDegree) => groupsOf(cellsAt(perDegree), 1) <= MAX_TALLY_GROUPS);
  if (level === -1) level = TALLY_LEVELS.length - 1;
  const cells = cellsAt(TALLY_LEVELS[level]!);
  let group = 1;
  while (groupsOf(cells, group) > MAX_TALLY_GROUPS) group++;
  return { level, ...cells, group };
}

/** The tally statement's variants: groups of one cell or of several, and which of type and category it filters on. */
interface TallyShape {
  grouped: boolean;
  byType: boolean;
  byCategory: boolean;
}
const tallyShape = (grouped: boolean, filter: Pick<PublicPropertyFilter, 'propertyType' | 'categoryId'>) => ({
  grouped,
  byType: Boolean(filter.propertyType),
  byCategory: Boolean(filter.categoryId),
});
const tallyKey = (shape: TallyShape) =>
  `${shape.grouped ? 'groups' : 'cells'}_${shape.byType ? 'type' : 'any'}_${shape.byCategory ? 'category' : 'all'}`;

/**
 * The tally's statement for a shape, prepared under a name (docs/decisions/023): whatever the view, it reads one
 * range of one index, so PostgreSQL's generic plan is the plan a view would get anyway.
 */
const tallyStatement = preparedPerKey((db: Executor, key: string, shape: TallyShape) => {
  const t = propertyMapTally;
  const p = (name: string) => sql.placeholder(name);
  const where = and(
    sql`${t.level} = ${p('level')}`,
    sql`${t.cellRow} between ${p('firstRow')} and ${p('lastRow')}`,
    sql`${t.cellColumn} between ${p('firstColumn')} and ${p('lastColumn')}`,
    shape.byType ? sql`${t.propertyType} = ${p('propertyType')}` : undefined,
    // Category 0 counts every category (property_map_tally_all_categories_idx, whose condition needs the literal):
    // a twelfth of the entries to add up.
    shape.byCategory ? sql`${t.categoryId} = ${p('categoryId')}` : sql`${t.categoryId} = 0`,
  );
  // A group's number is its cells' number divided by `group`, rounded down (integer division would round the
  // negative ones up and put group + 1 cells in group 0). A group of one cell is its own box; a larger group's box
  // is that of its cells that hold listings, so a count of one city on a map of the world zooms to the city's
  // region rather than to a square of 14°. (Its bounds cost a millisecond more, so one-cell groups skip them.)
  const [rowGroup, columnGroup] = shape.grouped
    ? [sql`floor(${t.cellRow} / ${p('group')}::float8)`, sql`floor(${t.cellColumn} / ${p('group')}::float8)`]
    : [sql`${t.cellRow}`, sql`${t.cellColumn}`];
  const [south, north, west, east] = shape.grouped
    ? [sql`min(${t.cellRow})`, sql`max(${t.cellRow})`, sql`min(${t.cellColumn})`, sql`max(${t.cellColumn})`]
    : [sql`${t.cellRow}`, sql`${t.cellRow}`, sql`${t.cellColumn}`, sql`${t.cellColumn}`];
  const groups = db
    .select({
      n: sql`sum(${t.listings})`.as('n'),
      inside: sql`sum(${t.listings}) filter (where ${t.cellRow} > ${p('firstRow')} and ${t.cellRow} < ${p('lastRow')}
        and ${t.cellColumn} > ${p('firstColumn')} and ${t.cellColumn} < ${p('lastColumn')})`.as('inside'),
      latitude: sql`sum(${t.latitudeSum}) / sum(${t.listings})`.as('latitude'),
      longitude: sql`sum(${t.longitudeSum}) / sum(${t.listings})`.as('longitude'),
      south: south.as('south'),
      north: north.as('north'),
      west: west.as('west'),
      east: east.as('east'),
    })
    .from(t)
    .where(where)
    .groupBy(rowGroup, columnGroup)
    .as('groups');
  return db
    .select({
      listings: sql<number>`coalesce(sum(${groups.n}), 0)::integer`,
      inside: sql<number>`coalesce(sum(${groups.inside}), 0)::integer`,
      groups: sql<string>`coalesce(json_agg(json_build_array(${groups.n}, ${groups.latitude}, ${groups.longitude},
        ${groups.south}, ${groups.north}, ${groups.west}, ${groups.east})), '[]')::text`,
    })
    .from(groups)
    .prepare(`map_tally_${key}`);
});

/** A group as the tally's query encodes it: [listings, latitude, longitude, and the rows and columns of its box]. */
type EncodedGroup = [number, number, number, number, number, number, number];

/**
 * The listings of a view counted from `property_map_tally`, in groups of cells, from the index alone: about
 * 0.5 ms at 1M listings for a city's 340 entries of every category (2 ms for the 4,000 of one category each),
 * whatever the view holds, where reading its markers grows with them. One pass: the totals are added up from the
 * groups. A view across the antimeridian takes one pass for each side of it.
 */
export async function tallyView(
  db: Executor,
  plan: NonNullable<ReturnType<typeof tallyPlanOf>>,
  filter: Pick<PublicPropertyFilter, 'propertyType' | 'categoryId'>,
): Promise<ViewTally> {
  const { firstRow, lastRow, group, perDegree } = plan;
  const shape = tallyShape(group > 1, filter);
  const statement = tallyStatement(db, tallyKey(shape), shape);
  // Five decimals are a metre: enough for a marker, and a shorter reply than 17 digits.
  const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
  const edge = (cell: number, limit: number) => round(Math.max(-limit, Math.min(limit, cell / perDegree)));
  const tally: ViewTally = { listings: 0, inside: 0, clusters: [] };
  for (const run of reachingPastTheLine(plan.columns)) {
    const [row] = await statement.execute({
      level: plan.level,
      firstRow,
      lastRow,
      firstColumn: run.first,
      lastColumn: run.last,
      group,
      propertyType: filter.propertyType,
      categoryId: filter.categoryId,
    });
    tally.listings += Number(row!.listings);
    tally.inside += Number(row!.inside);
    for (const [listings, latitude, longitude, south, north, west, east] of JSON.parse(row!.groups) as EncodedGroup[])
      tally.clusters.push({
        listings,
        latitude: round(latitude),
        longitude: round(longitude),
        south: edge(south, 90),
        north: edge(north + 1, 90),
        west: edge(west, 180),
        east: edge(east + 1, 180),
      });
  }
  return tally;
}

/**
 * The runs of columns a view's statements read. Across the antimeridian each reaches one column past the line,
 * where no listing lies: the statement counts only the columns strictly between a run's ends as inside the view,
 * and the columns at the line are inside it, since the view goes on beyond them.
 */
function reachingPastTheLine(columns: readonly ColumnRun[]): ColumnRun[] {
  const [west, east] = columns;
  return east
    ? [
        { ...west!, last: west!.last + 1 },
        { ...east, first: east.first - 1 },
      ]
    : [...columns];
}

/**
 * The cells of the finest grid that covers the view in at most MAX_CELLS, or null when the markers table cannot
 * answer: nearest-first order, a filter it does not hold, or a view wider than a region. Exported for the tests,
 * which check which path a view takes.
 */
export function cellsOfView(filter: PublicPropertyFilter) {
  const { bounds } = filter;
  if (!bounds || !setsOnly(filter, MARKER_FILTERS)) return null;
  const fine = cellsCovering(FINE_GRID, bounds, MAX_CELLS);
  if (fine) return { column: propertyMap.fineCell, cells: fine };
  const coarse = cellsCovering(COARSE_GRID, bounds, MAX_CELLS);
  return coarse ? { column: propertyMap.coarseCell, cells: coarse } : null;
}

/** A marker as the cells' query encodes it: [id, slug, title, price_minor, property_type, latitude, longitude]. */
type EncodedMarker = [number, string, string, number, 'sell' | 'rent', number, number];

/**
 * At most this many index entries (cells times the limit) are read cell by cell: up to it, one subquery run for
 * each cell and a sort of what they return costs less than planning a subquery per cell (about 2 ms at 1M listings
 * for a city's 12 cells, when a crowded view wants only its list's first page of markers).
 */
const PER_CELL_READS = 2_000;

/**
 * The newest markers of each cell (from its index alone: property_map_fine_idx or _coarse_idx), merged newest
 * first, so a city view reads about `limit` index entries per cell at most, not every listing in it.
 *
 * A small `limit` runs one subquery for each cell in turn (a lateral join over the cells) and sorts what they
 * return. A large one gives each cell a subquery of its own in a UNION ALL, which PostgreSQL merges in order and
 * stops as soon as the limit is reached. That planner would take a cell on the view's edge for nearly empty: it
 * multiplies the cell's share of the table by the view's latitude and longitude shares of the whole world as if
 * they were independent, and would then read the cell whole and sort it. So a cell wholly inside the view gets no
 * place condition at all, and an edge cell (or any cell, with a drawn area) gets it inside coalesce(), an expression
 * the planner cannot see into and counts as keeping half the cell: every cell is read in order and stops at the
 * limit, in one statement.
 *
 * The thousand markers come back as one JSON text: PGlite hands over a row at a time at a cost that dwarfs the
 * query (16 ms for 1,001 rows against 5 ms for the same as JSON, at 1M listings), and one text is also the cheapest
 * reply for node-postgres to read.
 */
async function markersInCells(
  db: Executor,
  view: { column: AnyPgColumn; cells: CoveredCell[] },
  filter: PublicPropertyFilter,
  limit: number,
): Promise<MapMarkerRow[]> {
  const cellByCell = view.cells.length * limit <= PER_CELL_READS;
  const needsPlace = (cell: CoveredCell) => !cell.whole || filter.polygon !== undefined;
  // The cell-by-cell form is prepared per shape (which filters are set, which grid): its cells are arrays, so its
  // text is the same for any view, and so is its plan, one index read per cell (docs/decisions/023). A drawn area
  // and the UNION ALL form, whose text holds their corners and cells, are built for each call.
  const shape = cellByCell ? searchShape(filter) : null;
  const cells = { ids: view.cells.map((cell) => cell.id), needsPlace: view.cells.map(needsPlace) };
  const [row] = shape
    ? await cellByCellStatement(db, cellByCellKey(view.column, shape), {
        column: view.column,
        filter: shape.filter,
      }).execute({ ...shape.values, cellIds: cells.ids, cellsNeedPlace: cells.needsPlace, limit })
    : await markersQuery(db, view.column, filter, { ...cells, cellByCell }, limit);
  return (JSON.parse(row!.markers) as EncodedMarker[]).map(
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
}

/** The filters a markers statement holds beside the place, each set or not in a shape's key. */
const HELD_FILTERS = ['propertyType', 'categoryId', 'minPriceMinor', 'maxPriceMinor'] as const;
/** A short statement name (PostgreSQL keeps 63 characters): the grid and a digit per held filter. */
const cellByCellKey = (column: AnyPgColumn, shape: SearchShape) =>
  `map_markers_${column === propertyMap.fineCell ? 'fine' : 'coarse'}_` +
  HELD_FILTERS.map((field) => (field in shape.values ? '1' : '0')).join('');

const cellByCellStatement = preparedPerKey(
  (db: Executor, key: string, input: { column: AnyPgColumn; filter: PublicPropertyFilter }) =>
    markersQuery(
      db,
      input.column,
      input.filter,
      { ids: sql.placeholder('cellIds'), needsPlace: sql.placeholder('cellsNeedPlace'), cellByCell: true },
      sql.placeholder('limit'),
    ).prepare(key),
);

/** An array as one parameter (Drizzle would spread it into a list of parameters), or a placeholder for one. */
const oneParameter = (value: unknown[] | Placeholder) => (Array.isArray(value) ? sql.param(value) : value);

/** The cells of a markers statement: their ids and whether each needs its place condition, and the form. */
type MarkerCells =
  | { cellByCell: true; ids: number[] | Placeholder; needsPlace: boolean[] | Placeholder }
  | { cellByCell: false; ids: number[]; needsPlace: boolean[] };

/**
 * The markers statement: cell by cell over the cells as arrays (so that one text serves every view, with values or
 * placeholders), or one subquery per cell in a UNION ALL.
 */
function markersQuery(
  db: Executor,
  column: AnyPgColumn,
  filter: PublicPropertyFilter,
  cells: MarkerCells,
  limit: number | Placeholder,
) {
  const m = propertyMap;
  const { bounds, polygon, ...kept } = filter;
  const held = markerConditions(m, kept);
  const place = sql`coalesce(${and(...markerConditions(m, { bounds, polygon }))}, false)`;
  const columns = sql.raw('property_id, slug, title, price_minor, property_type, latitude, longitude, created_at');
  const newest = sql.raw('order by created_at desc, property_id desc');
  /** One cell's newest markers; `placed` is its place condition, if it needs one. */
  const cellRead = (cell: SQL, placed: SQL | undefined) =>
    sql`(select ${columns} from ${m} where ${and(sql`${column} = ${cell}`, ...held, placed)} ${newest} limit ${limit})`;
  const chosen = !cells.cellByCell
    ? sql.join(
        cells.ids.map((id, i) => cellRead(sql`${id}`, cells.needsPlace[i] ? place : undefined)),
        sql` union all `,
      )
    : sql`select markers.* from unnest(${oneParameter(cells.ids)}::integer[], ${oneParameter(cells.needsPlace)}::boolean[]) as cells (id, needs_place)
        cross join lateral ${cellRead(sql`cells.id`, sql`(not cells.needs_place or ${place})`)} as markers`;
  const encoded = sql.raw(
    'json_build_array(property_id, slug, title, price_minor, property_type, latitude, longitude) ' +
      'order by created_at desc, property_id desc',
  );
  return db
    .select({ markers: sql<string>`coalesce(json_agg(${encoded}), '[]')::text` })
    .from(sql`(select ${columns} from (${chosen}) as cells ${newest} limit ${limit}) as chosen`);
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
    .orderBy(nearness(point, { latitude, longitude }))
    .limit(limit);
}
