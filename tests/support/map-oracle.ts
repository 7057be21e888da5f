import { and, asc, desc, eq, gte, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import * as s from '../../src/server/db/schema/index.ts';
import type { PublicPropertyFilter } from '../../src/server/repositories/property-repository.ts';

/**
 * The markers as the listings table answers them: the plain WHERE and ORDER BY, no cells. A box with west > east
 * crosses the antimeridian: its longitudes are those east of its west edge or west of its east edge.
 */
export async function plainMarkers(db: Database, filter: PublicPropertyFilter, limit: number): Promise<number[]> {
  const p = s.properties;
  const { bounds } = filter;
  const rows = await db
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        eq(p.adminStatus, 'approved'),
        eq(p.status, 'active'),
        isNotNull(p.latitude),
        isNotNull(p.longitude),
        bounds ? gte(p.latitude, bounds.south) : undefined,
        bounds ? lte(p.latitude, bounds.north) : undefined,
        bounds
          ? (bounds.west > bounds.east ? or : and)(gte(p.longitude, bounds.west), lte(p.longitude, bounds.east))
          : undefined,
        filter.propertyType ? eq(p.propertyType, filter.propertyType) : undefined,
        filter.categoryId ? eq(p.categoryId, filter.categoryId) : undefined,
        filter.minPriceMinor === undefined ? undefined : gte(p.priceMinor, filter.minPriceMinor),
        filter.maxPriceMinor === undefined ? undefined : lte(p.priceMinor, filter.maxPriceMinor),
      ),
    )
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The map's tally as a fresh count of the markers would make it: per category, and over all as category 0. */
export async function mapTallyCounted(db: Database) {
  const { rows } = (await db.execute(sql`
    select level, cell_row, cell_column, property_type, category_id, count(*)::integer as listings,
      round(sum(latitude)::numeric, 6)::text as latitude_sum, round(sum(longitude)::numeric, 6)::text as longitude_sum
    from (
      select l.level, floor(m.latitude * l.per_degree)::integer as cell_row,
        floor(m.longitude * l.per_degree)::integer as cell_column, m.property_type, c.category_id, m.latitude,
        m.longitude
      from property_map m cross join property_map_tally_levels() l
        cross join lateral (values (m.category_id), (0)) as c (category_id)
    ) as counted
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`)) as unknown as { rows: unknown[] };
  return rows;
}

/** The map's tally as its triggers keep it, in the shape of `mapTallyCounted` (sums rounded alike). */
export async function mapTallyKept(db: Database) {
  const t = s.propertyMapTally;
  return db
    .select({
      level: t.level,
      cell_row: t.cellRow,
      cell_column: t.cellColumn,
      property_type: t.propertyType,
      category_id: t.categoryId,
      listings: t.listings,
      latitude_sum: sql<string>`round(${t.latitudeSum}::numeric, 6)::text`,
      longitude_sum: sql<string>`round(${t.longitudeSum}::numeric, 6)::text`,
    })
    .from(t)
    .orderBy(asc(t.level), asc(t.cellRow), asc(t.cellColumn), asc(t.propertyType), asc(t.categoryId));
}
