import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as WorkerThreads from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { PgliteThread } from '../../src/server/db/pglite-thread.ts';

/**
 * The embedded database's thread ending on its own (src/server/db/pglite-thread.ts): the server is told, so it can
 * stop and be started again, instead of refusing every statement while it stays up. The test keeps each worker the
 * client starts, to end it as an uncaught error in it would.
 */
const workers = vi.hoisted(() => [] as WorkerThreads.Worker[]);
vi.mock('node:worker_threads', async (original) => {
  const actual = await original<typeof WorkerThreads>();
  class KeptWorker extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      workers.push(this);
    }
  }
  return { ...actual, Worker: KeptWorker };
});

const dirs: string[] = [];
afterEach(() => {
  workers.length = 0;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a database thread that stops on its own', () => {
  it('tells the listeners once and refuses every statement after', async () => {
    const client = await PgliteThread.open('memory://');
    const failures: Error[] = [];
    client.onFailure((error) => failures.push(error));
    await client.exec('create table t (id integer)');
    const inFlight = client.query('select pg_sleep(0.2)');
    await workers[0]!.terminate();
    await expect(inFlight).rejects.toThrow('The database thread stopped (exit code 1)');
    expect(failures.map((e) => e.message)).toEqual(['The database thread stopped (exit code 1)']);
    expect(client.closed).toBe(true);
    await expect(client.query('select 1')).rejects.toThrow('The database thread stopped');
    await client.close();
    expect(failures).toHaveLength(1);
  });

  it('does not call a close asked for a failure', async () => {
    const client = await PgliteThread.open('memory://');
    const failures: Error[] = [];
    client.onFailure((error) => failures.push(error));
    await client.query('select 1');
    await client.close();
    expect(failures).toEqual([]);
  });

  it('leaves the data directory to open again: the handle closes without a checkpoint and frees the lock', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-thread-failure-'));
    dirs.push(dir);
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute('create table kept (id integer)');
    await first.db.execute('insert into kept values (1), (2)');
    const failed = new Promise<Error>((resolve) => first.onFailure(resolve));
    await workers[0]!.terminate();
    expect((await failed).message).toBe('The database thread stopped (exit code 1)');
    await first.close();

    const again = await openDatabase({ dataDir: dir });
    try {
      const { rows } = (await again.db.execute('select count(*)::int as n from kept')) as unknown as {
        rows: unknown[];
      };
      expect(rows).toEqual([{ n: 2 }]);
    } finally {
      await again.close();
    }
  });
});
