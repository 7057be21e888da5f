import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { personalisedFields } from '../db/schema/index.ts';

export type PersonalisedRow = typeof personalisedFields.$inferSelect;
export type PersonalisedValues = Pick<
  typeof personalisedFields.$inferInsert,
  'categoryIds' | 'facilityIds' | 'priceMinMinor' | 'priceMaxMinor' | 'propertyType' | 'city'
>;

export async function findPersonalised(db: Executor, userId: number): Promise<PersonalisedRow | null> {
  const [row] = await db.select().from(personalisedFields).where(eq(personalisedFields.userId, userId)).limit(1);
  return row ?? null;
}

/** One row per user (the unique index), replaced as a whole on every save. */
export async function savePersonalised(db: Executor, userId: number, values: PersonalisedValues) {
  const [row] = await db
    .insert(personalisedFields)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: personalisedFields.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function deletePersonalised(db: Executor, userId: number) {
  await db.delete(personalisedFields).where(eq(personalisedFields.userId, userId));
}
