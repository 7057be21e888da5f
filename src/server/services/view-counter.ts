import type { Database } from '../db/client.ts';
import { onShutdown } from '../lifecycle.ts';
import { logger } from '../logger.ts';
import { addPropertyViews } from '../repositories/property-repository.ts';

/**
 * Listing views, added up in memory and written together every few seconds. Writing each view as it came meant
 * updating the listing's row, and because `total_views` is indexed (the "most viewed" order) such an update writes
 * every index of the table: 21 WAL records, about 150 KB right after a checkpoint, for one page view at 1M listings.
 * Views are a count, not something a person typed: a hard crash loses at most the last few seconds of them, and a
 * clean shutdown writes them first. Each server keeps its own and adds them to the stored count, so several
 * servers on one PostgreSQL add up.
 */
export const VIEW_FLUSH_MS = 5_000;

interface PendingViews {
  counts: Map<number, number>;
  timer: ReturnType<typeof setTimeout> | null;
}

const pendingByDatabase = new Map<Database, PendingViews>();
/** The write in progress per database, if any. */
const writing = new Map<Database, Promise<void>>();
let shutdownHooked = false;

function addViews(db: Database, propertyId: number, views: number): number {
  let pending = pendingByDatabase.get(db);
  if (!pending) {
    pending = { counts: new Map(), timer: null };
    pendingByDatabase.set(db, pending);
  }
  const count = (pending.counts.get(propertyId) ?? 0) + views;
  pending.counts.set(propertyId, count);
  pending.timer ??= setTimeout(() => void flushViews(db), VIEW_FLUSH_MS).unref();
  if (!shutdownHooked) {
    shutdownHooked = true;
    onShutdown(flushAllViews);
  }
  return count;
}

/** Counts one view of a listing; returns this server's views of it not yet written, this one included. */
export const countView = (db: Database, propertyId: number): number => addViews(db, propertyId, 1);

/** This server's views of a listing not yet written. */
export const unwrittenViews = (db: Database, propertyId: number): number =>
  pendingByDatabase.get(db)?.counts.get(propertyId) ?? 0;

/** Writes the views counted so far in one statement; views that could not be written are kept for the next try. */
export async function flushViews(db: Database): Promise<void> {
  // A write already under way ends first (shutdown must not close the database under it), and its failures come
  // back as counts to write now.
  await writing.get(db);
  const pending = pendingByDatabase.get(db);
  if (!pending) return;
  pendingByDatabase.delete(db);
  if (pending.timer) clearTimeout(pending.timer);
  const write = addPropertyViews(db, [...pending.counts]).catch((error: unknown) => {
    logger.error('views not written, kept for the next write', { listings: pending.counts.size, error });
    for (const [propertyId, count] of pending.counts) addViews(db, propertyId, count);
  });
  writing.set(db, write);
  try {
    await write;
  } finally {
    if (writing.get(db) === write) writing.delete(db);
  }
}

async function flushAllViews(): Promise<void> {
  const databases = new Set([...pendingByDatabase.keys(), ...writing.keys()]);
  await Promise.all([...databases].map(flushViews));
}
