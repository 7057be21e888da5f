import { and, eq, inArray } from 'drizzle-orm';
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

/** Settings by key, secret ones included: for server-side use only (payment keys), never for a reply as such. */
export function findSettingsIncludingSecrets(db: Executor, keys: string[]) {
  return db.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, keys));
}
