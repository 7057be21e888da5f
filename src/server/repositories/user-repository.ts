import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

export async function findUserVerificationStatus(db: Executor, userId: number) {
  const [row] = await db.select({ status: users.verificationStatus }).from(users).where(eq(users.id, userId));
  return row?.status ?? null;
}
