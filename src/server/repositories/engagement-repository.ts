import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { favourites, interestedUsers, properties, reportReasons, reports } from '../db/schema/index.ts';

/** Which of these listings the user has favourited and shown interest in (two index lookups). */
export async function viewerMarks(db: Executor, userId: number, propertyIds: readonly number[]) {
  if (propertyIds.length === 0) return { favourites: new Set<number>(), interests: new Set<number>() };
  const ids = [...new Set(propertyIds)];
  const [liked, interested] = await Promise.all([
    db
      .select({ id: favourites.propertyId })
      .from(favourites)
      .where(and(eq(favourites.userId, userId), inArray(favourites.propertyId, ids))),
    db
      .select({ id: interestedUsers.propertyId })
      .from(interestedUsers)
      .where(and(eq(interestedUsers.userId, userId), inArray(interestedUsers.propertyId, ids))),
  ]);
  return { favourites: new Set(liked.map((r) => r.id)), interests: new Set(interested.map((r) => r.id)) };
}

export async function hasReported(db: Executor, userId: number, propertyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.userId, userId), eq(reports.propertyId, propertyId)))
    .limit(1);
  return Boolean(row);
}

/** Adds the favourite unless it is there already; true when a row was added. */
export async function insertFavourite(db: Executor, userId: number, propertyId: number): Promise<boolean> {
  const rows = await db
    .insert(favourites)
    .values({ userId, propertyId })
    .onConflictDoNothing({ target: [favourites.userId, favourites.propertyId] })
    .returning({ id: favourites.id });
  return rows.length > 0;
}

/** Removes the favourite if it is there; true when a row was removed. */
export async function deleteFavourite(db: Executor, userId: number, propertyId: number): Promise<boolean> {
  const rows = await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.propertyId, propertyId)))
    .returning({ id: favourites.id });
  return rows.length > 0;
}

/**
 * Takes a leaving user's favourites out of the listings' like counts; the favourite rows themselves go with the user
 * (the foreign key cascades), which no count follows. In id order, as the view counter locks listings.
 */
export async function releaseFavouritesOf(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`update ${properties} set total_likes = greatest(${properties.totalLikes} - 1, 0)
    from (select f.property_id as id from ${favourites} f join ${properties} p on p.id = f.property_id
      where f.user_id = ${userId} order by f.property_id for update of p) as liked
    where ${properties.id} = liked.id`);
}

export async function insertInterest(db: Executor, userId: number, propertyId: number): Promise<boolean> {
  const rows = await db
    .insert(interestedUsers)
    .values({ userId, propertyId })
    .onConflictDoNothing({ target: [interestedUsers.userId, interestedUsers.propertyId] })
    .returning({ id: interestedUsers.id });
  return rows.length > 0;
}

export async function deleteInterest(db: Executor, userId: number, propertyId: number): Promise<boolean> {
  const rows = await db
    .delete(interestedUsers)
    .where(and(eq(interestedUsers.userId, userId), eq(interestedUsers.propertyId, propertyId)))
    .returning({ id: interestedUsers.id });
  return rows.length > 0;
}

export async function findActiveReportReason(db: Executor, id: number) {
  const [row] = await db
    .select({ id: reportReasons.id })
    .from(reportReasons)
    .where(and(eq(reportReasons.id, id), eq(reportReasons.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** One report per user and listing: null when this user has reported the listing before. */
export async function insertReport(db: Executor, values: typeof reports.$inferInsert) {
  const [row] = await db
    .insert(reports)
    .values(values)
    .onConflictDoNothing({ target: [reports.userId, reports.propertyId] })
    .returning({ id: reports.id, createdAt: reports.createdAt });
  return row ?? null;
}
