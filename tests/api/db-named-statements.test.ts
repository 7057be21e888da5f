import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';

/**
 * PGlite runs a statement prepared with a name as a named statement (src/server/db/pglite-statements.ts), where
 * Drizzle's driver would parse and plan it afresh on every call. PGlite's behaviour, so an embedded database of its
 * own in both test passes.
 */
const scratch = pgTable('scratch', {
  id: integer().primaryKey(),
  name: text().notNull(),
  price: numeric({ precision: 12, scale: 2 }),
  details: jsonb(),
  createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
});

let database: DatabaseHandle;
const db = () => database.db;

async function preparedNames(handle = database): Promise<string[]> {
  const { rows } = (await handle.db.execute(sql`select name from pg_prepared_statements order by name`)) as unknown as {
    rows: { name: string }[];
  };
  return rows.map((r) => r.name);
}

const byId = () =>
  db()
    .select()
    .from(scratch)
    .where(eq(scratch.id, sql.placeholder('id')))
    .prepare('scratch_by_id');

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await db().execute(sql`create table scratch (id integer primary key, name text not null, price numeric(12, 2),
    details jsonb, created_at timestamptz not null)`);
  await db()
    .insert(scratch)
    .values([
      { id: 1, name: 'one', price: '1250.50', details: { rooms: [1, 2] }, createdAt: '2026-01-02T03:04:05.000Z' },
      { id: 2, name: 'two', price: null, details: null, createdAt: '2026-02-03T04:05:06.000Z' },
    ]);
});
afterAll(() => database.close());

describe('named statements on the embedded database', () => {
  it('parses a named statement once and runs it for each call, with the same rows as an unnamed one', async () => {
    expect(await preparedNames()).toEqual([]);
    const statement = byId();
    const [one] = await statement.execute({ id: 1 });
    const [two] = await statement.execute({ id: 2 });
    expect(await preparedNames()).toEqual(['scratch_by_id']);
    const unnamed = await db().select().from(scratch).orderBy(scratch.id);
    expect([one, two]).toEqual(unnamed);
    expect(one).toMatchObject({ price: '1250.50', details: { rooms: [1, 2] } });
    expect(two).toMatchObject({ price: null, details: null });
    // A second statement object of the same text reuses the parsed statement.
    expect(await byId().execute({ id: 3 })).toEqual([]);
    expect(await preparedNames()).toEqual(['scratch_by_id']);
  });

  it('serializes parameters by the types the statement declares (an array, a date, a number as text)', async () => {
    const statement = db()
      .select({ id: scratch.id })
      .from(scratch)
      .where(
        sql`${scratch.id} = any(${sql.placeholder('ids')}::integer[]) and ${scratch.createdAt} < ${sql.placeholder('before')}::timestamptz
          and coalesce(${scratch.price}, 0) >= ${sql.placeholder('least')}::numeric`,
      )
      .prepare('scratch_filtered');
    expect(await statement.execute({ ids: [1, 2], before: '2026-03-01T00:00:00Z', least: 0 })).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    expect(await statement.execute({ ids: [2], before: '2026-03-01T00:00:00Z', least: 0 })).toEqual([{ id: 2 }]);
    expect(await statement.execute({ ids: [1, 2], before: '2026-01-15T00:00:00Z', least: '1000' })).toEqual([
      { id: 1 },
    ]);
  });

  it('waits for an open transaction instead of running inside it', async () => {
    const statement = byId();
    const order: string[] = [];
    let inserted!: () => void;
    const insertedRow = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db()
      .transaction(async (tx) => {
        await tx.insert(scratch).values({ id: 7, name: 'uncommitted', createdAt: '2026-03-01T00:00:00Z' });
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 50));
        order.push('transaction rolled back');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await insertedRow;
    const rows = await statement.execute({ id: 7 }).then((found) => {
      order.push('read');
      return found;
    });
    await transaction;
    // Run inside the transaction, it would have seen the uncommitted row before the rollback.
    expect(rows).toEqual([]);
    expect(order).toEqual(['transaction rolled back', 'read']);
  });

  it('runs a named statement inside a transaction the usual way, seeing the transaction’s writes', async () => {
    const found = await db().transaction(async (tx) => {
      await tx.insert(scratch).values({ id: 8, name: 'eight', createdAt: '2026-03-01T00:00:00Z' });
      return tx
        .select({ name: scratch.name })
        .from(scratch)
        .where(eq(scratch.id, sql.placeholder('id')))
        .prepare('scratch_name_in_transaction')
        .execute({ id: 8 });
    });
    expect(found).toEqual([{ name: 'eight' }]);
    expect(await preparedNames()).not.toContain('scratch_name_in_transaction');
  });

  it('reports a failing call with the database error and keeps working after it', async () => {
    const insert = db()
      .insert(scratch)
      .values({ id: sql.placeholder('id'), name: 'again', createdAt: '2026-03-01T00:00:00Z' })
      .prepare('scratch_insert');
    const failure = await insert.execute({ id: 1 }).catch((error: unknown) => error);
    const code = (failure as { code?: string; cause?: { code?: string } }).cause?.code;
    expect(code ?? (failure as { code?: string }).code).toBe('23505');
    await insert.execute({ id: 9 });
    expect(await byId().execute({ id: 9 })).toMatchObject([{ name: 'again' }]);
  });

  it('refuses a second text under a name it already holds', async () => {
    const other = db().select({ id: scratch.id }).from(scratch).prepare('scratch_by_id');
    const failure = (await other.execute().catch((error: unknown) => error)) as Error;
    expect(failure.cause).toEqual(new Error('The statement scratch_by_id was prepared with another text'));
  });

  it('parses a statement again when the database no longer holds it', async () => {
    const statement = byId();
    expect(await statement.execute({ id: 1 })).toMatchObject([{ name: 'one' }]);
    await db().execute(sql`deallocate all`);
    expect(await preparedNames()).toEqual([]);
    expect(await statement.execute({ id: 2 })).toMatchObject([{ name: 'two' }]);
    expect(await preparedNames()).toContain('scratch_by_id');
  });

  it('parses a statement again once when calls that find it gone arrive together', async () => {
    const statement = byId();
    expect(await statement.execute({ id: 1 })).toMatchObject([{ name: 'one' }]);
    await db().execute(sql`deallocate all`);
    const rows = await Promise.all([statement.execute({ id: 1 }), statement.execute({ id: 2 })]);
    expect(rows).toMatchObject([[{ name: 'one' }], [{ name: 'two' }]]);
    expect(await preparedNames()).toContain('scratch_by_id');
  });

  it('refuses a call queued behind a close, and the close completes', async () => {
    const closing = await openDatabase({ dataDir: 'memory://' });
    const statement = closing.db
      .select({ one: sql<number>`1` })
      .from(sql`(select 1) as single`)
      .prepare('closing_one');
    expect(await statement.execute()).toEqual([{ one: 1 }]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = closing.db.transaction(() => held);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const closed = closing.close();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const call = statement.execute().catch((error: unknown) => error as Error);
    release();
    await transaction;
    // Run after the close took the locks, the call would leave the close waiting for ever.
    const outcome = await Promise.race([
      closed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still closing'), 5000)),
    ]);
    expect(outcome).toBe('closed');
    expect(String(((await call) as Error).cause ?? (await call))).toMatch(/PGlite is clos/);
  });

  it('keeps each database’s statements apart', async () => {
    const second = await openDatabase({ dataDir: 'memory://' });
    try {
      const [row] = await second.db
        .select({ one: sql<number>`1` })
        .from(sql`(select 1) as single`)
        .prepare('scratch_by_id')
        .execute();
      expect(row).toEqual({ one: 1 });
      expect(await preparedNames(second)).toEqual(['scratch_by_id']);
    } finally {
      await second.close();
    }
  });
});
