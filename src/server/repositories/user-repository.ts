import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

export async function findUserVerificationStatus(db: Executor, userId: number) {
  const [row] = await db.select({ status: users.verificationStatus }).from(users).where(eq(users.id, userId));
  return row?.status ?? null;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Emails are stored lower-cased; callers pass them normalised. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUserByMobile(db: Executor, mobile: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return row ?? null;
}

export async function findUserByAuthId(
  db: Executor,
  logintype: UserRow['logintype'],
  authId: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.logintype, logintype), eq(users.authId, authId)))
    .limit(1);
  return row ?? null;
}

export async function slugTaken(db: Executor, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.slug, slug)).limit(1);
  return Boolean(row);
}

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Executor, id: number, patch: UserPatch): Promise<UserRow> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row!;
}

/** Clears the user's app push token: the one named, when it is theirs, or whichever they have. */
export async function forgetFcmId(db: Executor, id: number, fcmId: string | undefined): Promise<void> {
  await db
    .update(users)
    .set({ fcmId: null })
    .where(and(eq(users.id, id), fcmId === undefined ? undefined : eq(users.fcmId, fcmId)));
}

/** The user's row, held until the transaction ends; null when there is none. */
export async function lockUserRow(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

export async function deleteUserRow(db: Executor, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** Is the email or mobile used by someone other than `exceptId`? */
export async function contactTaken(
  db: Executor,
  field: 'email' | 'mobile',
  value: string,
  exceptId: number | null,
): Promise<boolean> {
  const column = field === 'email' ? users.email : users.mobile;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(column, value), exceptId === null ? sql`true` : sql`${users.id} <> ${exceptId}`))
    .limit(1);
  return Boolean(row);
}
