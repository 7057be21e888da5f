import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { settings } from '../db/schema/index.ts';

/** One setting's stored value, secret or not (server-side policy reads: demo mode, auto-approval). */
export async function findSettingValue(db: Executor, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value ?? null;
}
