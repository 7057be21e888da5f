// Moves the embedded database to PostgreSQL: `npm run move-to-postgres -- <postgresql-url>` (docs/deployment.md).
// Stop the server first: this takes the embedded database's lock. The target is migrated and must hold no data; every
// table is copied in one transaction there, so a move that fails leaves it empty; the embedded database is only
// read (after the migrations a start would apply). The text search and map tables fill themselves through their
// triggers as the listings arrive; the counts are made once at the end.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { COUNT_TRIGGERS, switchCountTriggers, TABLES_KEPT_BY_TRIGGERS } from '../src/server/db/derived-tables.ts';
import { acquireDirectoryLock } from '../src/server/db/lock.ts';

const targetUrl = process.argv[2] || process.env.DATABASE_URL;
if (!targetUrl) {
  console.error('usage: npm run move-to-postgres -- postgresql://user@host:5432/database');
  process.exit(2);
}
const pgliteDir = path.join(path.resolve(process.env.DATA_DIR || './data'), 'pglite');
const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR || 'src/server/db/migrations');
const log = (message, fields = {}) =>
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: 'info', message, ...fields }) + '\n');

/** Rows fetched and inserted at a time (fewer for wide tables: a statement takes at most 65,535 parameters). */
const BATCH_ROWS = 1000;

const quote = (name) => `"${name.replaceAll('"', '""')}"`;

/** The tables to copy, each after the tables it refers to, with their stored columns and primary key. */
async function tablesToCopy(source) {
  const { rows } = await source.query(`
    select c.relname::text as name,
      (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
          'identity', a.attidentity <> '') order by a.attnum)
        from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
      coalesce((select array_agg(distinct f.relname::text) from pg_constraint k join pg_class f on f.oid = k.confrelid
        where k.conrelid = c.oid and k.contype = 'f' and k.confrelid <> c.oid), '{}') as refers_to,
      (select array_agg(a.attname::text order by array_position(k.conkey, a.attnum))
        from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
        where k.conrelid = c.oid and k.contype = 'p') as key
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`);
  const tables = rows.filter((table) => !TABLES_KEPT_BY_TRIGGERS.includes(table.name));
  const ordered = [];
  const placed = new Set();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t.name) && t.refers_to.every((r) => placed.has(r) || r === t.name));
    if (ready.length === 0) throw new Error('the tables refer to each other in a cycle: cannot order the copy');
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

/** Copies one table's rows as text (PostgreSQL's own output and input of every type), in primary key order. */
async function copyTable(source, target, table) {
  const names = table.columns.map((c) => quote(c.name)).join(', ');
  const overriding = table.columns.some((c) => c.identity) ? 'overriding system value' : '';
  const perStatement = Math.max(1, Math.min(BATCH_ROWS, Math.floor(65_000 / table.columns.length)));
  // Parents before children where a table refers to itself; a table without a key in the order it is stored.
  const order = table.key ? table.key.map(quote).join(', ') : 'ctid';
  let copied = 0;
  await source.transaction(async (tx) => {
    await tx.query(
      `declare moving no scroll cursor for select ${table.columns.map((c) => `${quote(c.name)}::text`).join(', ')}
       from ${quote(table.name)} order by ${order}`,
    );
    for (;;) {
      const { rows } = await tx.query(`fetch ${perStatement} from moving`, [], { rowMode: 'array' });
      if (rows.length === 0) break;
      const width = table.columns.length;
      const values = rows
        .map((_, r) => `(${table.columns.map((c, i) => `$${r * width + i + 1}::${c.type}`).join(', ')})`)
        .join(', ');
      await target.query(`insert into ${quote(table.name)} (${names}) ${overriding} values ${values}`, rows.flat());
      copied += rows.length;
      if (copied % 100_000 < rows.length) log('copying', { table: table.name, rows: copied });
    }
    await tx.query('close moving');
  });
  return copied;
}

async function main() {
  const release = acquireDirectoryLock(pgliteDir);
  const source = await PGlite.create(pgliteDir);
  const target = new pg.Client({ connectionString: targetUrl });
  try {
    await target.connect();
    // Both at the code's schema: the embedded one as a start would leave it, the target from nothing.
    await migratePglite(drizzlePglite({ client: source }), { migrationsFolder });
    await migrateNodePg(drizzleNodePg({ client: target }), { migrationsFolder });
    const tables = await tablesToCopy(source);
    for (const table of tables) {
      const { rows } = await target.query(`select exists (select 1 from ${quote(table.name)}) as taken`);
      if (rows[0].taken)
        throw new Error(`the target database already holds data (table ${table.name}): move into an empty database`);
    }
    await target.query('begin');
    try {
      for (const statement of switchCountTriggers('disable')) await target.query(statement);
      for (const table of tables)
        log('table copied', { table: table.name, rows: await copyTable(source, target, table) });
      for (const statement of switchCountTriggers('enable')) await target.query(statement);
      for (const t of COUNT_TRIGGERS) await target.query(`select ${t.rebuild}()`);
      // New rows continue after the copied ids.
      for (const table of tables)
        for (const column of table.columns.filter((c) => c.identity))
          await target.query(
            `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quote(column.name)}), 0) + 1, false)
             from ${quote(table.name)}`,
            [`public.${quote(table.name)}`, column.name],
          );
      await target.query('commit');
    } catch (error) {
      await target.query('rollback');
      throw error;
    }
    await target.query('analyze');
    log('moved: start the server with DATABASE_URL set to the target (DATA_DIR still holds the uploads)', {
      tables: tables.length,
    });
  } finally {
    await target.end().catch(() => {});
    await source.close();
    release();
  }
}

main().catch((error) => {
  console.error(`move failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
