import { and, count, desc, eq, gt, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { blockedUsers, projects, properties, sessions, users } from '../db/schema/index.ts';
import { escapeLike } from './admin-moderation-repository.ts';
import { withTotal } from './paging.ts';
import type { UserRow } from './user-repository.ts';

type Page = { offset: number; limit: number };
export type Role = UserRow['type'];

export interface UserFilter {
  /** Part of the name, email or mobile number. */
  search?: string | undefined;
  role?: Role | undefined;
  active?: boolean | undefined;
}

/** What the console lists about a user: never the password hash or tokens. */
const listFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  type: users.type,
  isActive: users.isActive,
  verificationStatus: users.verificationStatus,
  slug: users.slug,
  createdAt: users.createdAt,
};

export function searchUsers(db: Executor, filter: UserFilter, page: Page) {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const like = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(users.name, like), ilike(users.email, like), ilike(users.mobile, like)));
  }
  if (filter.role) conditions.push(eq(users.type, filter.role));
  if (filter.active !== undefined) conditions.push(eq(users.isActive, filter.active));
  const where = and(...conditions);
  return withTotal(
    db
      .select(listFields)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(users).where(where),
  );
}
export type AdminUserListRow = Awaited<ReturnType<typeof searchUsers>>['rows'][number];

export async function findUserSummary(db: Executor, id: number): Promise<AdminUserListRow | null> {
  const [row] = await db.select(listFields).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The user, locked until the transaction ends (two admins acting on one account take turns). */
export async function lockUser(tx: Executor, id: number): Promise<AdminUserListRow | null> {
  const [row] = await tx.select(listFields).from(users).where(eq(users.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function setUserActive(tx: Executor, id: number, isActive: boolean): Promise<AdminUserListRow> {
  const [row] = await tx.update(users).set({ isActive }).where(eq(users.id, id)).returning(listFields);
  return row!;
}

export async function setUserVerification(
  tx: Executor,
  id: number,
  patch: Partial<Pick<UserRow, 'verificationStatus' | 'type'>>,
): Promise<AdminUserListRow> {
  const [row] = await tx.update(users).set(patch).where(eq(users.id, id)).returning(listFields);
  return row!;
}

/** How much a user has on the site: listings of each kind and sessions still able to sign requests. */
export async function userActivityCounts(db: Executor, id: number, now: Date) {
  const [[props], [projs], [live]] = await Promise.all([
    db.select({ value: count() }).from(properties).where(eq(properties.ownerId, id)),
    db.select({ value: count() }).from(projects).where(eq(projects.ownerId, id)),
    db
      .select({ value: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
  ]);
  return { properties: props?.value ?? 0, projects: projs?.value ?? 0, liveSessions: live?.value ?? 0 };
}

const blocker = alias(users, 'blocker');
const blocked = alias(users, 'blocked');

/** Blocks the user made and blocks made against them (a block of the site's team has no blocked user). */
export function listBlocksOfUser(db: Executor, id: number) {
  return db
    .select({
      id: blockedUsers.id,
      blockerId: blockedUsers.blockerId,
      blockerName: blocker.name,
      blockedId: blockedUsers.blockedId,
      blockedName: blocked.name,
      toAdmin: blockedUsers.toAdmin,
      reason: blockedUsers.reason,
      createdAt: blockedUsers.createdAt,
    })
    .from(blockedUsers)
    .innerJoin(blocker, eq(blocker.id, blockedUsers.blockerId))
    .leftJoin(blocked, eq(blocked.id, blockedUsers.blockedId))
    .where(or(eq(blockedUsers.blockerId, id), eq(blockedUsers.blockedId, id)))
    .orderBy(desc(blockedUsers.createdAt), desc(blockedUsers.id))
    .limit(200);
}

export async function countLiveSessions(db: Executor, id: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row?.value ?? 0;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}
