import { cachedRead } from '../cache/read-cache.ts';
import type { Database } from '../db/client.ts';
import { env } from '../env.ts';
import { findSettingValue } from '../repositories/admin-policy-repository.ts';
import { splitOrigins } from '../web/origins.ts';

/** The console's list of other sites allowed to call the API (settings-catalog.ts). */
export const ALLOWED_ORIGINS_SETTING = 'allowed_origins';

/**
 * The origins of other sites whose pages may call the API from a browser (docs/decisions/043): CORS_ORIGINS and
 * the console's allowed_origins. Read by every API request that names an Origin, so shared like the other settings
 * reads (read-cache.ts): a change in the console applies at once on this server, within the cache's time on others.
 */
export function allowedOrigins(db: Database): Promise<ReadonlySet<string>> {
  return cachedRead(db, 'allowed-origins', async () => {
    const stored = await findSettingValue(db, ALLOWED_ORIGINS_SETTING);
    return new Set([...env().CORS_ORIGINS, ...(typeof stored === 'string' ? splitOrigins(stored) : [])]);
  });
}
