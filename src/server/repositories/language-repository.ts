import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { languages } from '../db/schema/index.ts';

export function listActiveLanguages(db: Executor) {
  return db.select().from(languages).where(eq(languages.isActive, true)).orderBy(asc(languages.id));
}
