import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema/index.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Saves a browser's subscription for the user. An endpoint belongs to one browser profile: when another account
 * signs in there, the endpoint moves to that account.
 */
export async function upsertPushSubscription(
  db: Executor,
  values: { userId: number; sessionId: number; endpoint: string; p256dh: string; auth: string },
): Promise<PushSubscriptionRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, sessionId: values.sessionId, p256dh: values.p256dh, auth: values.auth },
    })
    .returning();
  return row!;
}

/** Keeps a user's newest `keep` subscriptions (browsers that were reset leave old endpoints behind). */
export async function trimPushSubscriptions(db: Executor, userId: number, keep: number): Promise<void> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

export async function deletePushSubscription(db: Executor, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The browser the session subscribed, if any: it is signed out now. */
export async function deleteSessionPushSubscriptions(db: Executor, sessionId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/** Every browser of the user: none may receive their notifications once they are signed out everywhere. */
export async function deleteUserPushSubscriptions(db: Executor, userId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function deletePushSubscriptionsByIds(db: Executor, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function listPushSubscriptions(db: Executor, userId: number): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
