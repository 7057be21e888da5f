import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import type { ServerDeps } from '../../src/server/platform/deps.ts';
import { OutboxSender, readOutbox, type OutboxEntry } from '../../src/server/notify/outbox.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { seedEssentials } from '../../src/server/db/seed/index.ts';
import { flushViews } from '../../src/server/services/view-counter.ts';
import { parseEnv } from '../../src/server/env.ts';
import { paymentApiBases } from '../../src/server/payments/gateways.ts';
import { LocalFileStorage } from '../../src/server/storage/local-storage.ts';

export const ADMIN = { email: 'admin@example.com', password: 'admin1234' };

/** The storage key of a public file, from the address a reply gives it (`<PUBLIC_URL>/uploads/<key>`). */
export const storageKey = (url: string) => url.replace(/^.*?\/uploads\//, '');

/** TEST_DATABASE_URL runs the suite on PostgreSQL; without it each file gets its own in-memory PGlite. */
const postgresUrl = process.env['TEST_DATABASE_URL'];

async function resetPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end();
  }
}

export interface TestApp {
  api: ReturnType<typeof createApi>;
  database: DatabaseHandle;
  storageDir: string;
  /** Mail and SMS the API sent, for a recipient (the local outbox sender). */
  outbox(to: string): Promise<OutboxEntry[]>;
  /**
   * Calls the API in-process with real Request objects: `call('GET', '/api/web-settings')`, or an address a reply
   * handed out (absolute, on PUBLIC_URL: docs/decisions/043).
   */
  call(
    method: string,
    url: string,
    init?: {
      body?: unknown;
      /** Sent exactly as given (for malformed bodies); `body` is sent as JSON or form data. */
      raw?: string;
      token?: string;
      headers?: Record<string, string>;
      ip?: string;
    },
  ): Promise<{ status: number; body: any; headers: Headers }>;
}

/**
 * A migrated database with the essentials seeded and the API around it; closed after the file's tests. `migrate`
 * replaces the migration step (a test of one migration brings the database to the one before, writes rows in the
 * old shape, then runs `database.migrate()`).
 */
export async function createTestApp(
  overrides: Partial<Omit<ServerDeps, 'db' | 'storage'>> = {},
  options: { migrate?: (database: DatabaseHandle) => Promise<void> } = {},
): Promise<TestApp> {
  if (postgresUrl) await resetPostgres(postgresUrl);
  const database = await openDatabase(postgresUrl ? { url: postgresUrl } : { dataDir: 'memory://' });
  await (options.migrate ? options.migrate(database) : database.migrate());
  await seedEssentials(database.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-test-'));
  const storage = new LocalFileStorage(storageDir);
  const outbox = new OutboxSender(path.join(storageDir, 'outbox'));
  const api = createApi({
    db: database.db,
    storage,
    mailer: outbox,
    sms: outbox,
    idTokens: null,
    paymentApis: paymentApiBases(parseEnv({})),
    ...overrides,
  });
  afterAll(async () => {
    // As a clean shutdown does: views counted in memory are written before the database closes.
    await flushViews(database.db);
    await database.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  return {
    api,
    database,
    storageDir,
    outbox: (to) => readOutbox(path.join(storageDir, 'outbox'), to),
    async call(method, url, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers['authorization'] = `Bearer ${init.token}`;
      let body: BodyInit | undefined;
      if (init.raw !== undefined) body = init.raw;
      else if (init.body instanceof FormData) body = init.body;
      else if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers['content-type'] = 'application/json';
      }
      const response = await api.request(
        /^https?:\/\//.test(url) ? url : `http://localhost${url}`,
        { method, headers, ...(body ? { body } : {}) },
        { clientAddress: init.ip ?? '203.0.113.1' },
      );
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Non-JSON replies (none expected from /api) stay as text so the assertion shows them.
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
  };
}
