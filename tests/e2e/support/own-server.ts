import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.ts';
import * as schema from '../../../src/server/db/schema/index.ts';
import { seedEssentials } from '../../../src/server/db/seed/index.ts';

/**
 * A server of a test's own (scripts/start.mjs on the built site) on a fresh data directory that the test prepares
 * first, for what the shared e2e server must not have: settings only the database can set (demo mode, payment keys).
 */
export interface OwnServer {
  url: string;
  /** What the server has logged so far. */
  output(): string;
  stop(): Promise<void>;
}

/** A category 'Flat' and an agent to own the listings a test puts on its own server. */
export async function flatsAndTheirAgent(
  db: DatabaseHandle['db'],
  agent: { name: string; email: string; slug: string },
) {
  const [category] = await db.insert(schema.categories).values({ name: 'Flat', slug: 'flat' }).returning();
  const [owner] = await db
    .insert(schema.users)
    .values({ ...agent, type: 'agent', logintype: 'email' })
    .returning();
  return { category: category!, owner: owner! };
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startOwnServer(options: {
  /** Fills the migrated database (essentials and the admin are seeded already); runs before the server starts. */
  prepare: (database: DatabaseHandle) => Promise<void>;
  /** Extra environment; `port` is the server's, for services that must call back (a payment provider's fake). */
  env?: (port: number) => Promise<Record<string, string>> | Record<string, string>;
}): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-own-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    await database.migrate();
    await seedEssentials(database.db, { adminEmail: 'admin@example.com', adminPassword: 'admin1234' });
    await options.prepare(database);
  } finally {
    await database.close();
  }
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const extraEnv = (await options.env?.(port)) ?? {};
  let output = '';
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  await expect
    .poll(
      async () => {
        if (server.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
        return (await fetch(`${url}/api/health/ready`).catch(() => null))?.status ?? 0;
      },
      { timeout: 120_000 },
    )
    .toBe(200);
  return {
    url,
    output: () => output,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
