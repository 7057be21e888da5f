import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';

/**
 * The planner prices a page read as memory (docs/decisions/032): with disk prices, a search with a common word and a
 * place read the word's whole list from the text index. On the suite's database: PGlite's one session, or every
 * connection of PostgreSQL's pool.
 */
const postgresUrl = process.env['TEST_DATABASE_URL'];
const opened: DatabaseHandle[] = [];
const open = async (pageCost?: number | 'server') => {
  const handle = await openDatabase(postgresUrl ? { url: postgresUrl, pageCost } : { dataDir: 'memory://', pageCost });
  opened.push(handle);
  return handle;
};
afterAll(() => Promise.all(opened.map((handle) => handle.close())));

async function pageCosts(handle: DatabaseHandle) {
  const { rows } = (await handle.db.execute(
    sql`select current_setting('seq_page_cost') as seq, current_setting('random_page_cost') as random, pg_backend_pid() as pid`,
  )) as unknown as { rows: { seq: string; random: string; pid: number }[] };
  return rows[0]!;
}

describe('the planner prices of a page read', () => {
  it('are 0.1 on every session the server opens, by default', async () => {
    // Set before a connection is lent: a query sent alongside the borrower's is deprecated by pg (refused in pg 9).
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const handle = await open();
    // Several statements at once take several of the pool's connections on PostgreSQL.
    const answers = await Promise.all(Array.from({ length: 4 }, () => pageCosts(handle)));
    if (postgresUrl) expect(new Set(answers.map((a) => a.pid)).size).toBeGreaterThan(1);
    for (const answer of answers) expect(answer).toMatchObject({ seq: '0.1', random: '0.1' });
    // A transaction runs on one of those sessions too.
    await handle.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select current_setting('random_page_cost') as random`)) as unknown as {
        rows: { random: string }[];
      };
      expect(rows[0]!.random).toBe('0.1');
    });
    process.off('warning', onWarning);
    expect(warnings).toEqual([]);
  });

  it('follow DATABASE_PAGE_COST, and `server` keeps the database’s own', async () => {
    expect(await pageCosts(await open(0.5))).toMatchObject({ seq: '0.5', random: '0.5' });
    const own = await pageCosts(await open('server'));
    expect(own.seq).not.toBe('0.1');
    expect(own.random).not.toBe('0.1');
  });
});
