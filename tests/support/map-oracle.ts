import { and, desc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import * as s from '../../src/server/db/schema/index.ts';
import type { PublicPropertyFilter } from '../../src/server/repositories/property-repository.ts';

/** The markers as the listings table answers them: the plain WHERE and ORDER BY, no cells. */
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
        bounds ? gte(p.longitude, bounds.west) : undefined,
        bounds ? lte(p.longitude, bounds.east) : undefined,
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
