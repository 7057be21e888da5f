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

/** An application's answers with the field each answers (fields since removed are left out). */
export function listVerificationValues(db: Executor, requestId: number) {
  return db
    .select({
      fieldId: agentVerificationFields.id,
      name: agentVerificationFields.name,
      fieldType: agentVerificationFields.fieldType,
      value: agentVerificationValues.value,
    })
    .from(agentVerificationValues)
    .innerJoin(agentVerificationFields, eq(agentVerificationFields.id, agentVerificationValues.fieldId))
    .where(eq(agentVerificationValues.requestId, requestId))
    .orderBy(asc(agentVerificationFields.sortOrder), asc(agentVerificationFields.id));
}

export async function findVerificationValue(db: Executor, requestId: number, fieldId: number) {
  const [row] = await db
    .select({ value: agentVerificationValues.value })
    .from(agentVerificationValues)
    .where(and(eq(agentVerificationValues.requestId, requestId), eq(agentVerificationValues.fieldId, fieldId)))
    .limit(1);
  return row ?? null;
}

/** The answers of a new application (each request keeps its own). */
export async function insertVerificationValues(
  db: Executor,
  requestId: number,
  values: { fieldId: number; value: unknown }[],
) {
  if (!values.length) return;
  await db
    .insert(agentVerificationValues)
    .values(values.map((v) => ({ requestId, fieldId: v.fieldId, value: v.value })));
}

/** Whose application a request is. */
export async function findVerificationRequestById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: agentVerificationRequests.id, userId: agentVerificationRequests.userId })
    .from(agentVerificationRequests)
    .where(eq(agentVerificationRequests.id, id))
    .limit(1);
  return row ?? null;
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
