import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { settings } from '../db/schema/index.ts';

export function listPublicSettings(db: Executor) {
  return db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.isSecret, false));
}
