import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { env } from '../env.ts';
import { logger } from '../logger.ts';
import { acquireDirectoryLock } from './lock.ts';
import { nameStatementsOnPglite } from './pglite-statements.ts';
import { PgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: repositories accept either so services decide the transaction. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Calls `listener` if the database stops answering for good: the embedded database's thread ended on its own.
   * Never on PostgreSQL, whose pool replaces a lost connection by itself.
   */
  onFailure(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory, or 'memory://' for tests. */
  dataDir?: string;
  /** The planner's price of a page read; DATABASE_PAGE_COST when absent. */
  pageCost?: number | 'server';
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const costs = pageCostSettings(options.pageCost ?? env().DATABASE_PAGE_COST);
  if (options.url) return openPostgres(options.url, costs);
  return openPglite(options.dataDir ?? 'memory://', costs);
}

async function openPostgres(url: string, costs: string | null): Promise<DatabaseHandle> {
  // Set on a new connection before it is lent (the pool awaits the hook; a query sent alongside would overlap the
  // lender's, which pg 9 refuses); if refused, the connection keeps the server's prices.
  const setCosts = async (client: pg.ClientBase) => {
    await client.query(costs!).catch((error: unknown) => logger.warn('page costs not set', { error: String(error) }));
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: env().DATABASE_POOL_MAX,
    ...(costs ? { onConnect: setCosts } : {}),
  });
  // Fail at start with the driver's message rather than on the first request.
  await pool.query('select 1');
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(db as never, { migrationsFolder: migrationsFolder() }),
    onFailure: () => {},
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL's planner prices a page read at 1 (in order) or 4 (out of order), for data that may be on disk. A
 * marketplace's tables fit in memory, and with those prices PostgreSQL read a common word's whole posting list from
 * the text index (271,000 entries: 45 to 150 ms in PGlite, about 100 in PostgreSQL) rather than check the word on the
 * few thousand listings a place had already narrowed a search to (10 to 20 ms). PostgreSQL's documentation suggests
 * 0.1 for both when the data fits in memory (docs/decisions/032). Set for each session: PGlite's one, and each
 * connection of the pool; `DATABASE_PAGE_COST=server` keeps the server's own.
 */
function pageCostSettings(cost: number | 'server'): string | null {
  return cost === 'server' ? null : `set seq_page_cost = ${cost}; set random_page_cost = ${cost};`;
}

async function openPglite(dataDir: string, costs: string | null): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireDirectoryLock(prepareDir(dataDir));
  let client: PgliteThread;
  try {
    client = await PgliteThread.open(inMemory ? dataDir : path.resolve(dataDir));
  } catch (error) {
    release();
    throw error;
  }
  try {
    if (costs) await client.exec(costs);
  } catch (error) {
    await client.close();
    release();
    throw error;
  }
  nameStatementsOnPglite();
  // The driver's calls are PGlite's query and transaction, which the thread's client answers alike.
  const db = drizzlePglite({
    client: client as unknown as PGlite,
    schema,
    casing: 'snake_case',
  }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    onFailure: (listener) => client.onFailure(listener),
    async close() {
      if (closed) return;
      closed = true;
      try {
        // Flush WAL to the data files so a later start does not need crash recovery (a failed thread cannot).
        if (!inMemory && !client.closed) await client.query('CHECKPOINT');
      } finally {
        await client.close();
        release();
      }
    },
  };
}

function migrationsFolder(): string {
  return path.resolve(env().MIGRATIONS_DIR);
}

function prepareDir(dataDir: string): string {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
