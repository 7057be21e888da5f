import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { maintainTables, startEmbeddedMaintenance, tablesDue } from '../../src/server/db/maintenance.ts';

/**
 * PGlite has no autovacuum daemon; the server vacuums and analyzes it on a timer (src/server/db/maintenance.ts).
 * An embedded database of its own in both test passes: this is PGlite's behaviour, not the test database's.
 */
let database: DatabaseHandle;
const db = () => database.db;

async function stats(table: string) {
  await db().execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await db().execute(sql`
    select n_dead_tup::int as dead, vacuum_count::int as vacuums, analyze_count::int as analyzes
    from pg_stat_user_tables where relname = ${table}`)) as unknown as {
    rows: { dead: number; vacuums: number; analyzes: number }[];
  };
  return rows[0]!;
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await db().execute(sql`create table scratch (id integer primary key, value integer not null)`);
  await db().execute(sql`create table quiet (id integer primary key)`);
  // Vacuumed sooner, by a setting of its own, as migration 0023 does for the listing tables.
  await db().execute(sql`create table busy (id integer primary key) with (autovacuum_vacuum_scale_factor = 0.02)`);
  await db().execute(sql`insert into scratch select g, 0 from generate_series(1, 2000) g`);
  await db().execute(sql`insert into busy select g from generate_series(1, 2000) g`);
  await db().execute(sql`insert into quiet values (1), (2)`);
  await maintainTables(db());
});
afterAll(() => database.close());

describe('the listing tables', () => {
  it('are vacuumed after 2 % of their rows change (migration 0023)', async () => {
    const migrated = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrated.migrate();
      const { rows } = (await migrated.db.execute(sql`
        select relname as table, reloptions as options from pg_class
        where relname in ('properties', 'property_map') or relname like 'property_search\__' order by relname`)) as unknown as {
        rows: { table: string; options: string[] }[];
      };
      expect(rows.map((r) => r.table)).toEqual([
        'properties',
        'property_map',
        'property_search_0',
        'property_search_1',
        'property_search_2',
        'property_search_3',
      ]);
      for (const { options } of rows)
        expect(options).toEqual(['autovacuum_vacuum_scale_factor=0.02', 'autovacuum_vacuum_insert_scale_factor=0.02']);
    } finally {
      await migrated.close();
    }
  });
});

describe('embedded database maintenance', () => {
  it('vacuums a table whose updates left dead rows, and leaves quiet tables alone', async () => {
    expect(await tablesDue(db())).toEqual([]);
    // Every row rewritten: 2,000 dead row versions, past 50 + 20 % of the live rows.
    await db().execute(sql`update scratch set value = value + 1`);
    expect(await tablesDue(db())).toEqual([{ table: 'scratch', vacuum: true, analyze: true }]);
    const before = await stats('scratch');
    expect(before.dead).toBe(2000);

    const done = await maintainTables(db());
    expect(done.map((d) => d.table)).toEqual(['scratch']);
    const after = await stats('scratch');
    expect(after.dead).toBe(0);
    expect(after.vacuums).toBe(before.vacuums + 1);
    // Two rows, never changed: never due.
    expect(await stats('quiet')).toMatchObject({ vacuums: 0, analyzes: 0 });
    expect(await tablesDue(db())).toEqual([]);
  });

  it('only analyzes a table whose changes are too few to vacuum but enough to move the statistics', async () => {
    // 300 of 2,000 rows: past 50 + 10 % for statistics, below 50 + 20 % for dead rows.
    await db().execute(sql`update scratch set value = value + 1 where id <= 300`);
    expect(await tablesDue(db())).toEqual([{ table: 'scratch', vacuum: false, analyze: true }]);
    const before = await stats('scratch');
    await maintainTables(db());
    const after = await stats('scratch');
    expect(after).toMatchObject({ vacuums: before.vacuums, analyzes: before.analyzes + 1, dead: 300 });
  });

  it('follows a table’s own limits where it has them', async () => {
    // 100 of 2,000 rows deleted from each: past 50 + 2 % for `busy`, below 50 + 20 % for `scratch`.
    const scratchBefore = await stats('scratch');
    await db().execute(sql`delete from busy where id <= 100`);
    await db().execute(sql`delete from scratch where id > 1900`);
    expect(await tablesDue(db())).toEqual([{ table: 'busy', vacuum: true, analyze: false }]);
    const busyBefore = await stats('busy');
    expect((await maintainTables(db())).map((d) => d.table)).toEqual(['busy']);
    // Vacuumed, and not analyzed: its statistics are not due.
    expect(await stats('busy')).toMatchObject({
      dead: 0,
      vacuums: busyBefore.vacuums + 1,
      analyzes: busyBefore.analyzes,
    });
    expect(await stats('scratch')).toMatchObject({ dead: scratchBefore.dead + 100 });
  });

  it('runs on a timer for the embedded database until stopped', async () => {
    const stop = startEmbeddedMaintenance(database, 20);
    try {
      const before = await stats('scratch');
      await db().execute(sql`update scratch set value = value + 1`);
      await expect.poll(async () => (await stats('scratch')).vacuums, { timeout: 5_000 }).toBe(before.vacuums + 1);
      expect(await stats('scratch')).toMatchObject({ dead: 0 });
    } finally {
      await stop();
    }
  });
});
