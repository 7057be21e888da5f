import { and, count, desc, eq, gt, lte, or } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { advertisements, projects, properties } from '../db/schema/index.ts';
import { withTotal } from './paging.ts';

export type AdvertisementRow = typeof advertisements.$inferSelect;
export type AdTarget = { propertyId: number } | { projectId: number };
type Page = { offset: number; limit: number };

/** The caller's own listing, locked until the transaction ends so two requests for it cannot both pass the checks. */
export async function lockOwnedListing(tx: Executor, target: AdTarget, ownerId: number) {
  const table = 'propertyId' in target ? properties : projects;
  const id = 'propertyId' in target ? target.propertyId : target.projectId;
  const [row] = await tx
    .select({ id: table.id, adminStatus: table.adminStatus, status: table.status })
    .from(table)
    .where(and(eq(table.id, id), eq(table.ownerId, ownerId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

const targetIs = (target: AdTarget) =>
  'propertyId' in target
    ? eq(advertisements.propertyId, target.propertyId)
    : eq(advertisements.projectId, target.projectId);

/** Waiting for review, or running at `now`. */
const isOpen = (now: Date) =>
  or(eq(advertisements.status, 'pending'), and(eq(advertisements.status, 'approved'), gt(advertisements.endsAt, now)));

/** An advertisement of the listing still waiting for review or running at `now`. */
export async function findOpenAdvertisement(tx: Executor, target: AdTarget, now: Date) {
  const [row] = await tx
    .select()
    .from(advertisements)
    .where(and(targetIs(target), isOpen(now)))
    .limit(1);
  return row ?? null;
}

/** A user's advertisements waiting for review or running at `now`: the listings featured or about to be. */
export function listOpenAdvertisements(db: Executor, userId: number, now: Date) {
  return db
    .select({
      propertyId: advertisements.propertyId,
      projectId: advertisements.projectId,
      status: advertisements.status,
    })
    .from(advertisements)
    .where(and(eq(advertisements.userId, userId), isOpen(now)));
}

export async function insertAdvertisement(
  tx: Executor,
  values: { userId: number; propertyId?: number; projectId?: number },
): Promise<AdvertisementRow> {
  const [row] = await tx.insert(advertisements).values(values).returning();
  return row!;
}

/**
 * An advertisement's own columns and the listing it features, for a select from advertisements left-joined to
 * properties and projects (one of the two is there).
 */
export const advertisementWithListing = {
  id: advertisements.id,
  status: advertisements.status,
  startsAt: advertisements.startsAt,
  endsAt: advertisements.endsAt,
  createdAt: advertisements.createdAt,
  propertyId: advertisements.propertyId,
  propertyTitle: properties.title,
  propertySlug: properties.slug,
  projectId: advertisements.projectId,
  projectTitle: projects.title,
  projectSlug: projects.slug,
};

/** One user's advertisements, newest first, with the listing each one features. */
export function listUserAdvertisements(db: Executor, userId: number, page: Page) {
  const where = eq(advertisements.userId, userId);
  return withTotal(
    db
      .select({ ...advertisementWithListing, propertyImage: properties.titleImage, projectImage: projects.image })
      .from(advertisements)
      .leftJoin(properties, eq(properties.id, advertisements.propertyId))
      .leftJoin(projects, eq(projects.id, advertisements.projectId))
      .where(where)
      .orderBy(desc(advertisements.createdAt), desc(advertisements.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(advertisements).where(where),
  );
}
export type UserAdvertisementRow = Awaited<ReturnType<typeof listUserAdvertisements>>['rows'][number];

/**
 * Marks approved advertisements whose end has passed as expired (advertisements_live_idx) and returns them. One
 * UPDATE: when several servers sweep at once, each ad is returned to exactly one of them.
 */
export async function expireAdvertisements(tx: Executor, now: Date) {
  return tx
    .update(advertisements)
    .set({ status: 'expired' })
    .where(and(eq(advertisements.status, 'approved'), lte(advertisements.endsAt, now)))
    .returning({
      id: advertisements.id,
      userId: advertisements.userId,
      propertyId: advertisements.propertyId,
      projectId: advertisements.projectId,
    });
}
