import type { Executor } from '../db/client.ts';
import { contactMessages } from '../db/schema/index.ts';

export async function insertContactMessage(db: Executor, values: typeof contactMessages.$inferInsert) {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
}
