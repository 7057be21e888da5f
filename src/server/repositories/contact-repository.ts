import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { contactMessages } from '../db/schema/index.ts';

export async function insertContactMessage(db: Executor, values: typeof contactMessages.$inferInsert) {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
}

/** The messages a user sent while signed in: they go with the account (its name and email are in them). */
export async function deleteContactMessagesOf(db: Executor, userId: number) {
  await db.delete(contactMessages).where(eq(contactMessages.userId, userId));
}
