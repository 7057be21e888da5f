import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from './client.ts';
import { onShutdown } from '../lifecycle.ts';
import { logger } from '../logger.ts';

/**
 * Vacuum and analyze for the embedded database. PGlite runs PostgreSQL as a single process, without the
 * autovacuum daemon, so nothing would ever reclaim the row versions that updates and deletes leave behind, mark
 * pages all-visible for index-only reads, or refresh the planner's statistics. This does what autovacuum would,
 * with its thresholds (a table's own, as migration 0023 gives the listing tables, or the database's), on a timer.
 * PostgreSQL servers have autovacuum and are left to it.
 */
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

export interface TableDue {
  table: string;
  /** Dead row versions or new rows past autovacuum's thresholds: VACUUM. */
  vacuum: boolean;
  /** Changed rows past autoanalyze's threshold: ANALYZE (with the vacuum when both are due). */
  analyze: boolean;
}

/**
 * One of autovacuum's limits for a table: its own storage parameter if it has one, else the database's setting
 * (the parameter and the setting share a name).
 */
const limit = (name: string) =>
  sql.raw(`coalesce((select option_value::float8 from pg_options_to_table(c.reloptions)
      where option_name = '${name}'), current_setting('${name}')::float8)`);

/** The tables autovacuum would vacuum or analyze now (its thresholds and scale factors, per table). */
export async function tablesDue(db: Database): Promise<TableDue[]> {
  // Activity counts reach the statistics views at most once a second; make the last statements' count now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  // Sizes from pg_class, as autovacuum takes them: the activity counters start again from zero after an unclean
  // stop, which would make a large table look empty.
  const rowsOf = sql`greatest(c.reltuples, 0)`;
  const { rows } = (await db.execute(sql`
    select s.relname as table,
      s.n_dead_tup > ${limit('autovacuum_vacuum_threshold')} + ${limit('autovacuum_vacuum_scale_factor')} * ${rowsOf}
        or s.n_ins_since_vacuum > ${limit('autovacuum_vacuum_insert_threshold')}
          + ${limit('autovacuum_vacuum_insert_scale_factor')} * ${rowsOf} as vacuum,
      s.n_mod_since_analyze > ${limit('autovacuum_analyze_threshold')}
        + ${limit('autovacuum_analyze_scale_factor')} * ${rowsOf} as analyze
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
    order by s.relname`)) as unknown as { rows: TableDue[] };
  return rows.filter((row) => row.vacuum || row.analyze);
}

/**
 * Vacuums or analyzes each table that is due, one at a time; returns what was done. `stopping` is asked between
 * tables, so a shutdown waits for one table at most.
 */
export async function maintainTables(db: Database, stopping = () => false): Promise<(TableDue & { ms: number })[]> {
  const done: (TableDue & { ms: number })[] = [];
  for (const due of await tablesDue(db)) {
    if (stopping()) break;
    const started = performance.now();
    const table = sql.identifier(due.table);
    // Each only when due, as autovacuum decides them: at 1M listings on PGlite, analyzing `properties` takes about
    // 2 s of the 4 to 6 a pass over it holds the database, and the listing tables are vacuumed five times as often
    // as their statistics move (migration 0023).
    const command = due.vacuum && due.analyze ? sql`vacuum (analyze)` : due.vacuum ? sql`vacuum` : sql`analyze`;
    await db.execute(sql`${command} ${table}`);
    done.push({ ...due, ms: Math.round(performance.now() - started) });
  }
  return done;
}

/**
 * On PGlite, maintains the tables every `intervalMs` until shutdown (or until the returned stop is called); nothing
 * on PostgreSQL.
 */
export function startEmbeddedMaintenance(
  database: DatabaseHandle,
  intervalMs = MAINTENANCE_INTERVAL_MS,
): () => Promise<void> {
  if (database.kind !== 'pglite') return async () => {};
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    try {
      for (const { table, vacuum, analyze, ms } of await maintainTables(database.db, () => stopped))
        logger.info('table maintained', { table, vacuumed: vacuum, analyzed: analyze, ms });
    } catch (error) {
      logger.warn('table maintenance failed', { reason: error instanceof Error ? error.message : String(error) });
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => (running ??= pass()), intervalMs);
  timer.unref();
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
  // Hooks run newest first: this one before the database closes, so a pass in progress ends first.
  onShutdown(stop);
  return stop;
}
