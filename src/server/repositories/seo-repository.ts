import type { Executor } from '../db/client.ts';
import { seoSettings } from '../db/schema/index.ts';

export type SeoSettingsRow = typeof seoSettings.$inferSelect;

/** Every page's stored search-engine texts (a row per page that has any). */
export function listSeoSettingsRows(db: Executor): Promise<SeoSettingsRow[]> {
  return db.select().from(seoSettings);
}
