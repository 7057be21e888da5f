import type { Database } from '../db/client.ts';
import { pingDatabase } from '../repositories/health-repository.ts';

/** Ready means the database answers; a failure surfaces as the error handler's 500 for the probe. */
export async function assertReady(db: Database): Promise<void> {
  await pingDatabase(db);
}
