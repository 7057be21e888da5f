import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { agentVerificationFields, agentVerificationRequests, agentVerificationValues } from '../db/schema/index.ts';

export type VerificationFieldRow = typeof agentVerificationFields.$inferSelect;

/** The form admins defined, in their order. */
export function listActiveVerificationFields(db: Executor) {
  return db
    .select()
    .from(agentVerificationFields)
    .where(eq(agentVerificationFields.isActive, true))
    .orderBy(asc(agentVerificationFields.sortOrder), asc(agentVerificationFields.id));
}

/** A user's answers with the field each answers (fields since removed are left out). */
export function listVerificationValues(db: Executor, userId: number) {
  return db
    .select({
      fieldId: agentVerificationFields.id,
      name: agentVerificationFields.name,
      fieldType: agentVerificationFields.fieldType,
      value: agentVerificationValues.value,
    })
    .from(agentVerificationValues)
    .innerJoin(agentVerificationFields, eq(agentVerificationFields.id, agentVerificationValues.fieldId))
    .where(eq(agentVerificationValues.userId, userId))
    .orderBy(asc(agentVerificationFields.sortOrder), asc(agentVerificationFields.id));
}

export async function findVerificationValue(db: Executor, userId: number, fieldId: number) {
  const [row] = await db
    .select({ value: agentVerificationValues.value })
    .from(agentVerificationValues)
    .where(and(eq(agentVerificationValues.userId, userId), eq(agentVerificationValues.fieldId, fieldId)))
    .limit(1);
  return row ?? null;
}

export async function upsertVerificationValues(
  db: Executor,
  userId: number,
  values: { fieldId: number; value: unknown }[],
) {
  if (!values.length) return;
  await db
    .insert(agentVerificationValues)
    .values(values.map((v) => ({ userId, fieldId: v.fieldId, value: v.value })))
    .onConflictDoUpdate({
      target: [agentVerificationValues.userId, agentVerificationValues.fieldId],
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}

export async function insertVerificationRequest(db: Executor, userId: number) {
  const [row] = await db.insert(agentVerificationRequests).values({ userId, status: 'pending' }).returning();
  return row!;
}

/** The user's most recent application (its fail reason is what a failed applicant reads). */
export async function findLatestVerificationRequest(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(agentVerificationRequests)
    .where(eq(agentVerificationRequests.userId, userId))
    .orderBy(desc(agentVerificationRequests.createdAt), desc(agentVerificationRequests.id))
    .limit(1);
  return row ?? null;
}

/** Serialises applications of one user (a double submit makes one request). */
export async function lockUserVerification(tx: Executor, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('marketplace:verification'), ${userId})`);
}
