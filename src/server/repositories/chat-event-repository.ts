import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * NOTIFY through the caller's connection: inside a transaction PostgreSQL (and PGlite) delivers it at commit and
 * drops it on rollback, so listeners never hear of rows that do not exist.
 */
export async function publishOnChannel(db: Executor, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
