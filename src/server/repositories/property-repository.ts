import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { withTotal } from './paging.ts';
import { categories, properties } from '../db/schema/index.ts';

export interface PublicPropertyFilter {
  search?: string | undefined;
  propertyType?: 'sell' | 'rent' | undefined;
  categoryId?: number | undefined;
  featuredAt?: Date | undefined;
}

/** What the public may see: approved by an admin and not withdrawn by the owner. */
function publicConditions(filter: PublicPropertyFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(properties.adminStatus, 'approved'), eq(properties.status, 'active')];
  if (filter.propertyType) conditions.push(eq(properties.propertyType, filter.propertyType));
  if (filter.categoryId) conditions.push(eq(properties.categoryId, filter.categoryId));
  if (filter.featuredAt) conditions.push(gt(properties.featuredUntil, filter.featuredAt));
  if (filter.search) conditions.push(sql`${properties.search} @@ websearch_to_tsquery('simple', ${filter.search})`);
  return and(...conditions)!;
}

export async function listPublicProperties(
  db: Executor,
  filter: PublicPropertyFilter,
  page: { offset: number; limit: number },
) {
  const where = publicConditions(filter);
  return withTotal(
    db
      .select({
        id: properties.id,
        slug: properties.slug,
        title: properties.title,
        priceMinor: properties.priceMinor,
        propertyType: properties.propertyType,
        rentDuration: properties.rentDuration,
        city: properties.city,
        state: properties.state,
        country: properties.country,
        titleImage: properties.titleImage,
        isPremium: properties.isPremium,
        featuredUntil: properties.featuredUntil,
        categoryName: categories.name,
        categorySlug: categories.slug,
      })
      .from(properties)
      .leftJoin(categories, eq(categories.id, properties.categoryId))
      .where(where)
      .orderBy(desc(properties.createdAt), desc(properties.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(properties).where(where),
  );
}
