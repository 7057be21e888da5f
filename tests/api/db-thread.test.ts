import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from '../../src/server/db/pglite-thread.ts';

/**
 * The embedded database runs in a thread of its own (src/server/db/pglite-thread.ts, docs/decisions/029). PGlite's
 * behaviour, so an embedded database of its own in both test passes.
 */
let client: PgliteThread;

beforeAll(async () => {
  client = await PgliteThread.open('memory://');
  await client.exec(`create table notes (id integer primary key, body text not null)`);
});
afterAll(() => client.close());

const ids = async () => (await client.query<{ id: number }>('select id from notes order by id')).rows.map((r) => r.id);
const codeOf = (error: unknown) => (error as { code?: string }).code;

describe('the embedded database on its own thread', () => {
  it('answers many statements sent at once, each with its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        client.query<{ twice: number; text: string }>('select $1::integer * 2 as twice, repeat($2, $1) as text', [
          i,
          'ab',
        ]),
      ),
    );
    answers.forEach(({ rows }, i) => expect(rows).toEqual([{ twice: i * 2, text: 'ab'.repeat(i) }]));
  });

  it('answers with every row of a large result (PGlite hands it over in pieces)', async () => {
    const { rows } = await client.query<{ n: number; text: string }>(
      `select n, repeat('x', 200) || n as text from generate_series(1, 20000) n`,
    );
    expect(rows).toHaveLength(20000);
    expect(rows.every((row, i) => row.n === i + 1 && row.text === 'x'.repeat(200) + String(i + 1))).toBe(true);
  });

  it('reads and writes values as in-process PGlite does (arrays, dates, JSON, numbers, bytes, any script)', async () => {
    const text = `select $1::integer[] as ints, $2::text[] as texts, $3::timestamptz as at, $4::jsonb as doc,
      $5::numeric as price, $6::boolean as yes, $7::bytea as bytes, null::integer as nothing, 12345678901::bigint as big,
      $8::text as words`;
    const params = [
      [1, 2, 3],
      ['a', 'b,c', 'd"e'],
      new Date('2026-03-04T05:06:07.000Z'),
      { rooms: [1, 2], name: 'flat' },
      '1250.50',
      true,
      new Uint8Array([0, 1, 255]),
      'شقة مطلة على البحر — Zürich 🏠 東京',
    ];
    const inProcess = await PGlite.create();
    try {
      const expected = await inProcess.query(text, params);
      const actual = await client.query(text, params);
      expect(actual.rows).toEqual(expected.rows);
      expect(actual.fields).toEqual(expected.fields);
      // Drizzle's driver keeps dates as text through its own parsers.
      const keep = { parsers: { 1184: (value: string) => value }, rowMode: 'array' as const };
      expect((await client.query(text, params, keep)).rows).toEqual((await inProcess.query(text, params, keep)).rows);
    } finally {
      await inProcess.close();
    }
  });

  it('keeps a transaction to itself: a statement from outside runs before it or after it, never inside', async () => {
    // Sent, not awaited, before the transaction: it runs first and is not rolled back with it.
    const before = client.query('insert into notes values (1, $1)', ['before']);
    let inserted!: () => void;
    const insertedRow = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client
      .transaction(async (tx) => {
        await tx.query('insert into notes values (2, $1)', ['inside']);
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await insertedRow;
    // Run inside the transaction, this read would see row 2 before the rollback.
    const during = ids();
    expect(await transaction).toBe('roll back');
    await before;
    expect(await during).toEqual([1]);
    expect(await ids()).toEqual([1]);
  });

  it('commits what a transaction wrote when it returns, and refuses its client afterwards', async () => {
    let kept!: Parameters<Parameters<PgliteThread['transaction']>[0]>[0];
    const result = await client.transaction(async (tx) => {
      kept = tx;
      await tx.query('insert into notes values (3, $1)', ['three']);
      return (await tx.query<{ n: number }>('select count(*)::integer as n from notes')).rows[0]!.n;
    });
    expect(result).toBe(2);
    expect(await ids()).toEqual([1, 3]);
    await expect(kept.query('delete from notes')).rejects.toThrow('Transaction is closed');
    expect(await ids()).toEqual([1, 3]);
  });

  it('rolls back a statement still running when the transaction fails, instead of committing it after', async () => {
    await client.exec('create table drafts (id integer primary key, body text)');
    const failed = await client
      .transaction((tx) =>
        Promise.all([
          // A text not seen before: its parameter types are asked first, a batch of its own.
          tx.query('insert into drafts (body, id) values ($1, $2)', ['should be rolled back', 1]),
          Promise.reject(new Error('invalid input')),
        ]),
      )
      .catch((error: Error) => error.message);
    expect(failed).toBe('invalid input');
    expect((await client.query('select * from drafts')).rows).toEqual([]);
  });

  it('keeps arrival order between transactions and the statements outside them', async () => {
    await client.exec('create table arrivals (n serial primary key, who text not null)');
    const write = (who: string) => client.query('insert into arrivals (who) values ($1)', [who]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = (who: string, wait?: Promise<void>) =>
      client.transaction(async (tx) => {
        await wait;
        await tx.query('insert into arrivals (who) values ($1)', [who]);
      });
    const all = [transaction('T1', held), transaction('T2'), write('S1'), transaction('T3'), write('S2')];
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all(all);
    const { rows } = await client.query<{ who: string }>('select who from arrivals order by n');
    expect(rows.map((r) => r.who)).toEqual(['T1', 'T2', 'S1', 'T3', 'S2']);
  });

  it('reports a transaction that failed inside, and committed nothing, as PGlite does', async () => {
    const failure = await client
      .transaction(async (tx) => {
        await tx.query('insert into notes values (5, $1)', ['five']);
        await tx.query('select 1 / 0').catch(() => undefined);
      })
      .catch((error: unknown) => error);
    expect(codeOf(failure)).toBe('25P02');
    expect(await ids()).not.toContain(5);
  });

  it('asks again for parameter types after the schema changes', async () => {
    const text = 'insert into changing values ($1)';
    await client.exec('create table changing (x jsonb)');
    await client.query(text, [[1, 2]]);
    await client.exec('drop table changing; create table changing (x text)');
    await client.query(text, [[1, 2]]);
    const inProcess = await PGlite.create();
    try {
      await inProcess.exec('create table changing (x text)');
      await inProcess.query(text, [[1, 2]]);
      expect((await client.query('select x from changing')).rows).toEqual(
        (await inProcess.query('select x from changing')).rows,
      );
    } finally {
      await inProcess.close();
    }
  });

  it('leaves a caller’s buffer as it was (PGlite reuses some of its messages)', async () => {
    const sync = protocol.serialize.sync();
    await client.shared(() => client.execProtocol(sync));
    await client.shared(() => client.execProtocol(sync));
    expect(protocol.serialize.sync().byteLength).toBeGreaterThan(0);
    expect(sync.byteLength).toBeGreaterThan(0);
  });

  it('reports an error with PostgreSQL’s code and goes on with the next statements', async () => {
    const failures = await Promise.all([
      client.query('select 1 / $1::integer', [0]).catch(codeOf),
      client.query('insert into notes values (1, $1)', ['again']).catch(codeOf),
      client.exec('select * from no_such_table').catch(codeOf),
    ]);
    expect(failures).toEqual(['22012', '23505', '42P01']);
    expect((await client.query('select $1::text as ok', ['fine'])).rows).toEqual([{ ok: 'fine' }]);
    const rolledBack = await client
      .transaction(async (tx) => {
        await tx.query('insert into notes values (4, $1)', ['four']);
        await tx.query('insert into notes values (1, $1)', ['duplicate']);
      })
      .catch(codeOf);
    expect(rolledBack).toBe('23505');
    expect(await ids()).toEqual([1, 3]);
  });

  it('delivers a notification when its transaction commits, and none when it rolls back', async () => {
    const heard: string[] = [];
    const unlisten = await client.listen('note_added', (payload) => heard.push(payload));
    await client
      .transaction(async (tx) => {
        await tx.query(`select pg_notify('note_added', 'rolled back')`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await client.transaction(async (tx) => {
      await tx.query(`select pg_notify('note_added', 'committed')`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(heard).toEqual([]);
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['committed']);
    await unlisten();
    await client.query(`select pg_notify('note_added', 'not listening')`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['committed']);
  });

  it('leaves the server’s thread free while the database works', async () => {
    const gaps: number[] = [];
    let last = performance.now();
    const ticking = setInterval(() => {
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await client.query('select count(*) from generate_series(1, $1::integer) as n where n % 7 = 3', [4_000_000]);
    const took = performance.now() - started;
    clearInterval(ticking);
    // In the server's own thread the statement would have held the timer back for all of its time.
    expect(took).toBeGreaterThan(150);
    expect(gaps.length).toBeGreaterThan(took / 5 / 4);
    expect(Math.max(...gaps)).toBeLessThan(took / 2);
  });

  it('runs a database on disk with fsync on, flushing its log at each commit, and keeps what it wrote', async () => {
    // PGlite's default is fsync off; `strace -f -e trace=fsync` on a thread like this one counts an fsync per commit.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
    try {
      let onDisk = await PgliteThread.open(dir);
      const setting = async (name: string) =>
        (await onDisk.query<{ value: string }>('select current_setting($1) as value', [name])).rows[0]!.value;
      expect(await setting('fsync')).toBe('on');
      expect(await setting('wal_sync_method')).toBe('fsync');
      expect(await setting('synchronous_commit')).toBe('on');
      await onDisk.exec('create table kept (id integer primary key)');
      await onDisk.query('insert into kept select generate_series(1, 3)');
      await onDisk.close();
      onDisk = await PgliteThread.open(dir);
      expect((await onDisk.query<{ n: number }>('select count(*)::integer as n from kept')).rows).toEqual([{ n: 3 }]);
      await onDisk.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells PostgreSQL the true size of its files as tables grow, shrink and are rewritten', async () => {
    // The thread answers PostgreSQL's size questions from memory (docs/decisions/038). ANALYZE records a table's and
    // its index's size in pages as PostgreSQL learns it (a seek to the file's end, the remembered size),
    // pg_relation_size reads the file on disk: they must agree after every change, and a scan must see every row.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
    let onDisk = await PgliteThread.open(dir);
    const sizesAgree = async (rows: number) => {
      await onDisk.exec('vacuum analyze grown');
      const { rows: relations } = await onDisk.query<{ name: string; pages: number; bytes: number }>(
        `select relname as name, relpages as pages, pg_relation_size(oid)::integer as bytes from pg_class
         where relname in ('grown', 'grown_pkey') order by relname`,
      );
      expect(relations).toHaveLength(2);
      for (const relation of relations) expect({ ...relation, bytes: relation.pages * 8192 }).toEqual(relation);
      const count = await onDisk.query<{ n: number }>('select count(*)::integer as n from grown');
      expect(count.rows).toEqual([{ n: rows }]);
      return relations[0]!.pages;
    };
    try {
      await onDisk.exec(
        'create table grown (id integer primary key, body text not null) with (autovacuum_enabled = off)',
      );
      let pages = 0;
      for (let round = 0; round < 4; round++) {
        await onDisk.query(`insert into grown select n, repeat('x', 300) from generate_series($1::integer, $2) n`, [
          round * 2000 + 1,
          (round + 1) * 2000,
        ]);
        const grownTo = await sizesAgree((round + 1) * 2000);
        expect(grownTo).toBeGreaterThan(pages);
        pages = grownTo;
      }
      // Deleting the newest rows lets VACUUM cut the file's end.
      await onDisk.query('delete from grown where id > 1000');
      expect(await sizesAgree(1000)).toBeLessThan(pages / 4);
      await onDisk.exec('truncate grown');
      await onDisk.query(`insert into grown select n, repeat('y', 300) from generate_series(1, 500) n`);
      await sizesAgree(500);
      await onDisk.exec('vacuum full grown');
      await onDisk.query(`insert into grown select n, repeat('z', 300) from generate_series(501, 3000) n`);
      await sizesAgree(3000);
      await onDisk.close();
      onDisk = await PgliteThread.open(dir);
      await sizesAgree(3000);
    } finally {
      await onDisk.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a data directory it cannot open, saying which and why', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-')), 'not-a-directory');
    fs.writeFileSync(file, 'text');
    try {
      await expect(PgliteThread.open(file)).rejects.toThrow(
        `The embedded database at ${file} could not be opened: name ErrnoError`,
      );
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
