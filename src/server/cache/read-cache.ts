import type { Database } from '../db/client.ts';

/**
 * A few seconds' cache for public reads that every visitor asks for alike: the home page's sections and the live
 * listing counts of categories and cities, whose cost grows with the whole listing table (a tenth of a second to
 * several seconds at a million listings), and the public settings and category list read by nearly every request.
 *
 * Entries live per database for at most `ttlMs`. Any request that may write (every method but GET, HEAD and
 * OPTIONS) drops them all once it has been answered, so this server shows its own changes at once; other servers
 * on the same PostgreSQL show them within the TTL (docs/deployment.md). See docs/decisions/017-capped-counts-and-shared-reads.md.
 */
export const READ_CACHE_MS = 30_000;

interface Entry {
  expires: number;
  generation: number;
  value: Promise<unknown>;
}

const stores = new WeakMap<Database, Map<string, Entry>>();
let generation = 0;

/**
 * The value under `key`, loaded by `load` when missing, stale or older than the last write. Keys are fixed names,
 * never built from request input, so no visitor can grow the cache or push another entry out of it.
 */
export function cachedRead<T>(
  db: Database,
  key: string,
  load: () => PromiseLike<T>,
  ttlMs = READ_CACHE_MS,
): Promise<T> {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new Map()));
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.generation === generation && hit.expires > now) return hit.value as Promise<T>;
  // Settled once into a real promise: a query builder is thenable too, and would run its query on every await.
  const value = Promise.resolve(load());
  store.set(key, { expires: now + ttlMs, generation, value });
  // A failed load is not kept: the next reader tries again.
  value.catch(() => {
    if (store.get(key)?.value === value) store.delete(key);
  });
  return value;
}

/** Something may have changed: every cached read is loaded afresh next time (in-flight loads are not kept). */
export function dropCachedReads(): void {
  generation += 1;
}

/** Whether a request of this method may change data. */
export const mayWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());

/**
 * Drops the cached reads once a write went through (the API and the pages' form posts both call this). A refused
 * write (4xx, 5xx) changed nothing, and must not let anyone empty the cache at will.
 */
export function dropCachedReadsAfter(method: string, status: number): void {
  if (mayWrite(method) && status < 400) dropCachedReads();
}
