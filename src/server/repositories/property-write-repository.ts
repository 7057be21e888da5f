import { and, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { withTotal } from './paging.ts';
import {
  categories,
  facilities,
  properties,
  propertyFacilities,
  propertyFloors,
  propertyParameters,
} from '../db/schema/index.ts';

export type PropertyRow = typeof properties.$inferSelect;
export type NewProperty = typeof properties.$inferInsert;

export async function findActiveCategory(db: Executor, id: number) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.isActive, true)))
    .limit(1);
  return row ?? null;
}

export async function existingFacilityIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: facilities.id }).from(facilities).where(inArray(facilities.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function propertySlugTaken(db: Executor, slug: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(exceptId === null ? eq(properties.slug, slug) : and(eq(properties.slug, slug), ne(properties.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

/** The property if `ownerId` owns it; another owner's property is as invisible as a missing one. */
export async function findOwnedProperty(db: Executor, id: number, ownerId: number): Promise<PropertyRow | null> {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.ownerId, ownerId)))
    .limit(1);
  return row ?? null;
}

export async function insertProperty(db: Executor, values: NewProperty): Promise<PropertyRow> {
  const [row] = await db.insert(properties).values(values).returning();
  return row!;
}

export async function updatePropertyRow(db: Executor, id: number, patch: Partial<NewProperty>): Promise<PropertyRow> {
  const [row] = await db.update(properties).set(patch).where(eq(properties.id, id)).returning();
  return row!;
}

export async function deletePropertyRow(db: Executor, id: number): Promise<void> {
  await db.delete(properties).where(eq(properties.id, id));
}

export async function replaceParameters(
  db: Executor,
  propertyId: number,
  values: { parameterId: number; value: string | number | boolean | string[] }[],
) {
  await db.delete(propertyParameters).where(eq(propertyParameters.propertyId, propertyId));
  if (values.length) await db.insert(propertyParameters).values(values.map((v) => ({ ...v, propertyId })));
}

export async function replaceFacilities(
  db: Executor,
  propertyId: number,
  values: { facilityId: number; distance: number }[],
) {
  await db.delete(propertyFacilities).where(eq(propertyFacilities.propertyId, propertyId));
  if (values.length) await db.insert(propertyFacilities).values(values.map((v) => ({ ...v, propertyId })));
}

const floorsOf = preparedPerDatabase((db) =>
  db
    .select()
    .from(propertyFloors)
    .where(eq(propertyFloors.propertyId, sql.placeholder('propertyId')))
    .orderBy(propertyFloors.sortOrder)
    .prepare('listing_floors'),
);

export function listFloors(db: Executor, propertyId: number) {
  return floorsOf(db).execute({ propertyId });
}

export async function replaceFloors(
  db: Executor,
  propertyId: number,
  values: Omit<typeof propertyFloors.$inferInsert, 'propertyId'>[],
) {
  await db.delete(propertyFloors).where(eq(propertyFloors.propertyId, propertyId));
  if (values.length) await db.insert(propertyFloors).values(values.map((v) => ({ ...v, propertyId })));
}

export async function listPropertyParameters(db: Executor, propertyId: number) {
  return db.select().from(propertyParameters).where(eq(propertyParameters.propertyId, propertyId));
}

export async function listPropertyFacilities(db: Executor, propertyId: number) {
  return db.select().from(propertyFacilities).where(eq(propertyFacilities.propertyId, propertyId));
}

/** An owner's listings, newest first: all of them, the one with `slug`, or those featured at `featuredAt`. */
export async function listOwnedPropertyRows(
  db: Executor,
  ownerId: number,
  page: { offset: number; limit: number; slug?: string | undefined; featuredAt?: Date | undefined },
) {
  const where = and(
    eq(properties.ownerId, ownerId),
    page.slug ? eq(properties.slug, page.slug) : undefined,
    page.featuredAt ? gt(properties.featuredUntil, page.featuredAt) : undefined,
  );
  return withTotal(
    db
      .select()
      .from(properties)
      .where(where)
      .orderBy(desc(properties.createdAt), desc(properties.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(properties).where(where),
  );
}

export async function findOwnedPropertyBySlug(
  db: Executor,
  slug: string,
  ownerId: number,
): Promise<PropertyRow | null> {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.slug, slug), eq(properties.ownerId, ownerId)))
    .limit(1);
  return row ?? null;
}

/** Counts for the owner's dashboard, in one pass over their listings. */
export async function ownerListingStats(db: Executor, ownerId: number) {
  const [row] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${properties.adminStatus} = 'pending')::int`,
      approved: sql<number>`count(*) filter (where ${properties.adminStatus} = 'approved')::int`,
      rejected: sql<number>`count(*) filter (where ${properties.adminStatus} = 'rejected')::int`,
      closed: sql<number>`count(*) filter (where ${properties.status} in ('sold', 'rented'))::int`,
      views: sql<number>`coalesce(sum(${properties.totalViews}), 0)::int`,
      interested: sql<number>`(select count(*)::int from "interested_users" i join "properties" p on p."id" = i."property_id" where p."owner_id" = ${ownerId})`,
    })
    .from(properties)
    .where(eq(properties.ownerId, ownerId));
  return row!;
}

/** The files an owner's listings point at (their images and documents, and their floors' plans), in two reads. */
export async function listOwnerPropertyMedia(db: Executor, ownerId: number) {
  const listings = await db
    .select({
      titleImage: properties.titleImage,
      threeDImage: properties.threeDImage,
      metaImage: properties.metaImage,
      galleryImages: properties.galleryImages,
      documents: properties.documents,
    })
    .from(properties)
    .where(eq(properties.ownerId, ownerId));
  const floors = await db
    .select({ image: propertyFloors.image })
    .from(propertyFloors)
    .innerJoin(properties, eq(properties.id, propertyFloors.propertyId))
    .where(eq(properties.ownerId, ownerId));
  return { listings, floors };
}
