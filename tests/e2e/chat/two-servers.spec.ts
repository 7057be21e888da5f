import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import webpush from 'web-push';
import { expect, test } from '@playwright/test';
import { sidePort } from '../support/ports.ts';

/*
 * Fan-out across app servers: two production servers (scripts/start.mjs on the built site) share one fresh
 * PostgreSQL database; a message sent through server A reaches a stream open on server B through LISTEN/NOTIFY.
 * A process-level test, so Playwright's runner (it waits for processes and ports well) rather than vitest.
 */
const ADMIN_URL = process.env['TEST_DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test';
const dbName = `chat_test_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const ports = { a: sidePort(21), b: sidePort(22) };
const vapid = webpush.generateVAPIDKeys();

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(port: number, dataDir: string): Server {
  let output = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      // Every server of a site shares one VAPID key pair.
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForReady(port: number): Promise<void> {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null))?.status ?? 0, {
      timeout: 60_000,
    })
    .toBe(200);
}

async function admin<T>(run: (client: pg.Client) => Promise<T>, url = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function register(port: number, name: string): Promise<{ id: number; token: string }> {
  const tag = randomBytes(3).toString('hex');
  const reply = await fetch(`http://127.0.0.1:${port}/api/user-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email: `${name.toLowerCase()}-${tag}@example.com`,
      mobile: `+3519${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
      password: 'secret123',
      re_password: 'secret123',
    }),
  });
  const body = await reply.json();
  expect(reply.status, JSON.stringify(body)).toBe(200);
  return { id: body.data.id, token: body.data.token };
}

/** Reads Server-Sent Events from a fetch response. */
function events(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const seen: { event: string; data: string; id?: string }[] = [];
  let buffer = '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = { event: 'message', data: '' } as { event: string; data: string; id?: string };
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) event.event = line.slice(7);
          else if (line.startsWith('data: ')) event.data += line.slice(6);
          else if (line.startsWith('id: ')) event.id = line.slice(4);
        }
        if (event.data) seen.push(event);
      }
    }
  })();
  const find = (type: string, match: (data: any) => boolean = () => true) =>
    seen.find((e) => e.event === type && match(JSON.parse(e.data)));
  return {
    seen,
    pump,
    async wait(type: string, match?: (data: any) => boolean) {
      await expect.poll(() => Boolean(find(type, match)), { timeout: 15_000 }).toBe(true);
      const hit = find(type, match)!;
      return { data: JSON.parse(hit.data), id: hit.id };
    },
  };
}

test.describe('live chat across two app servers on PostgreSQL', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'chat-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'chat-b-'))];
  const servers: Server[] = [];

  test.beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
    // One after the other: the first applies the migrations.
    servers.push(startServer(ports.a, dirs[0]!));
    await waitForReady(ports.a);
    servers.push(startServer(ports.b, dirs[1]!));
    await waitForReady(ports.b);
  });

  test.afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('ordinary API traffic uses both servers with one session: sign in on A, act on B, read back on A', async () => {
    const { id } = await register(ports.a, 'Traveller');
    const email = (await admin((c) => c.query('select email from users where id = $1', [id]), dbUrl)).rows[0].email;
    const signIn = await fetch(`http://127.0.0.1:${ports.a}/api/user_signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ logintype: 'email', email, password: 'secret123' }),
    });
    expect(signIn.status).toBe(200);
    const auth = { authorization: `Bearer ${(await signIn.json()).data.token}`, 'content-type': 'application/json' };

    const saved = await fetch(`http://127.0.0.1:${ports.b}/api/update_profile`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Traveller Renamed', about_me: 'Saved through server B' }),
    });
    expect(saved.status).toBe(200);
    const readBack = await (await fetch(`http://127.0.0.1:${ports.a}/api/get-user-data`, { headers: auth })).json();
    expect(readBack.data).toMatchObject({ id, name: 'Traveller Renamed', about_me: 'Saved through server B' });

    // Signing out through B ends the session everywhere.
    expect((await fetch(`http://127.0.0.1:${ports.b}/api/logout`, { method: 'POST', headers: auth })).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${ports.a}/api/get-user-data`, { headers: auth })).status).toBe(401);
  });

  test('a message sent on server A arrives on a stream open on server B, and B resumes after Last-Event-ID', async () => {
    const seller = await register(ports.a, 'Seller');
    const buyer = await register(ports.b, 'Buyer');
    const propertyId = await admin(async (c) => {
      const category = await c.query(`insert into categories (name, slug) values ('Flats', 'flats') returning id`);
      const property = await c.query(
        `insert into properties (owner_id, category_id, title, slug, description, city, state, country, property_type,
           price_minor, admin_status) values ($1, $2, 'Flat by the river', 'flat-by-the-river', 'Bright.', 'Porto',
           'Porto', 'Portugal', 'sell', 25000000, 'approved') returning id`,
        [seller.id, category.rows[0].id],
      );
      return property.rows[0].id as number;
    }, dbUrl);

    // The seller listens on B.
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${ports.b}/api/chat/stream`, {
      headers: { authorization: `Bearer ${seller.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = events(response);
    await stream.wait('ready');

    // The buyer writes through A.
    const started = Date.now();
    const sent = await fetch(`http://127.0.0.1:${ports.a}/api/send_message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ receiver_id: seller.id, property_id: propertyId, message: 'Hello from server A' }),
    });
    const sentBody = await sent.json();
    expect(sent.status, JSON.stringify(sentBody)).toBe(200);

    const live = await stream.wait('message', (m) => m.message === 'Hello from server A');
    test.info().annotations.push({ type: 'cross-server-latency-ms', description: String(Date.now() - started) });
    expect(live.id).toBe(String(sentBody.data.id));
    expect(live.data).toMatchObject({ is_mine: false, conversation: `u${buyer.id}-p${propertyId}` });
    const notification = await stream.wait('notification');
    expect(notification.data.notification.title).toBe('New message from Buyer');

    // Typing on A shows on B.
    await fetch(`http://127.0.0.1:${ports.a}/api/chat/typing`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ receiver_id: seller.id, property_id: propertyId }),
    });
    await stream.wait('typing');
    controller.abort();

    // Missed while away: B sends it on reconnection with Last-Event-ID.
    await fetch(`http://127.0.0.1:${ports.a}/api/send_message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ receiver_id: seller.id, property_id: propertyId, message: 'Sent while you were away' }),
    });
    const again = new AbortController();
    const resumed = events(
      await fetch(`http://127.0.0.1:${ports.b}/api/chat/stream`, {
        headers: { authorization: `Bearer ${seller.token}`, 'last-event-id': live.id! },
        signal: again.signal,
      }),
    );
    await resumed.wait('message', (m) => m.message === 'Sent while you were away');

    // A stopping server ends its open streams at once instead of waiting for them through the drain.
    const stopping = Date.now();
    servers[1]!.child.kill('SIGTERM');
    expect(await servers[1]!.exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(8000);
    again.abort();
  });
});
