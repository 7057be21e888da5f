import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(
  db: Executor,
  values: typeof notifications.$inferInsert,
): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
}

export async function findNotification(db: Executor, id: number): Promise<NotificationRow | null> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row ?? null;
}

/** A user's notifications, newest first, with the total and how many are unread. */
export async function listNotifications(db: Executor, userId: number, page: { offset: number; limit: number }) {
  const mine = eq(notifications.userId, userId);
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(notifications).where(mine),
    db
      .select({ value: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt))),
  ]);
  return { rows, total: total?.value ?? 0, unread: unread?.value ?? 0 };
}

export async function countUnreadNotifications(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

/** Marks read the user's unread notifications that meet `conditions`; returns how many it marked. */
async function markUnreadRead(db: Executor, userId: number, now: Date, ...conditions: (SQL | undefined)[]) {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ...conditions))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks the user's notifications read: the given ids (others' ids are ignored) or all of them. */
export async function markNotificationsRead(
  db: Executor,
  userId: number,
  ids: number[] | 'all',
  now: Date,
): Promise<number> {
  if (ids !== 'all' && ids.length === 0) return 0;
  return markUnreadRead(db, userId, now, ids === 'all' ? undefined : inArray(notifications.id, ids));
}

/** Marks read the user's notifications of a type that lead to a page (a conversation they just read). */
export async function markNotificationsReadByUrl(
  db: Executor,
  userId: number,
  type: string,
  url: string,
  now: Date,
): Promise<number> {
  return markUnreadRead(db, userId, now, eq(notifications.type, type), sql`${notifications.data} ->> 'url' = ${url}`);
}

/** Takes back what a user's action told others about a listing (their interest, withdrawn). */
export async function deleteNotificationsCausedBy(
  db: Executor,
  cause: { actorId: number; type: string; propertyId: number },
): Promise<void> {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.actorId, cause.actorId),
        eq(notifications.type, cause.type),
        sql`${notifications.data} ->> 'property_id' = ${String(cause.propertyId)}`,
      ),
    );
}
