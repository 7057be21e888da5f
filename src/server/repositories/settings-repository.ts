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

/** Every stored setting, secrets included: only the admin settings service reads this, and never returns secrets. */
export function listAllSettings(db: Executor) {
  return db.select({ key: settings.key, value: settings.value, isSecret: settings.isSecret }).from(settings);
}

/** The rows about to change, locked so two admins saving at once take turns. */
export function lockSettings(tx: Executor, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return tx
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, keys))
    .for('update');
}

export async function upsertSetting(tx: Executor, key: string, value: unknown, isSecret: boolean) {
  await tx
    .insert(settings)
    .values({ key, value, isSecret })
    .onConflictDoUpdate({ target: settings.key, set: { value, isSecret, updatedAt: new Date() } });
}

export async function deleteSettings(tx: Executor, keys: string[]) {
  if (keys.length) await tx.delete(settings).where(inArray(settings.key, keys));
}
