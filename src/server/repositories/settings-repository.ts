import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { settings } from '../db/schema/index.ts';

export function listPublicSettings(db: Executor) {
  return db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.isSecret, false));
}

export async function findPublicSettingValue(db: Executor, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.key, key), eq(settings.isSecret, false)))
    .limit(1);
  return row?.value ?? null;
}
