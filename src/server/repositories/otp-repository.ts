import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { otps } from '../db/schema/index.ts';

/** A new code voids every earlier open code for the same target. */
export async function voidOpenCodes(db: Executor, target: string, now: Date) {
  await db
    .update(otps)
    .set({ consumedAt: now })
    .where(and(eq(otps.target, target), isNull(otps.consumedAt)));
}

export async function insertCode(db: Executor, values: typeof otps.$inferInsert) {
  await db.insert(otps).values(values);
}

export async function findOpenCode(db: Executor, target: string, now: Date) {
  const [row] = await db
    .select()
    .from(otps)
    .where(and(eq(otps.target, target), isNull(otps.consumedAt), gt(otps.expiresAt, now)))
    .orderBy(desc(otps.createdAt), desc(otps.id))
    .limit(1);
  return row ?? null;
}

/** Adds a wrong try; returns the new count. */
export async function countWrongTry(db: Executor, id: number) {
  const [row] = await db
    .update(otps)
    .set({ attempts: sql`${otps.attempts} + 1` })
    .where(eq(otps.id, id))
    .returning({ attempts: otps.attempts });
  return row?.attempts ?? 0;
}

/** Marks a code used; false when another request used it first (single use under concurrency). */
export async function consumeCode(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(otps)
    .set({ consumedAt: now })
    .where(and(eq(otps.id, id), isNull(otps.consumedAt)))
    .returning({ id: otps.id });
  return rows.length === 1;
}
