import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';
import { sidePort } from '../support/ports.ts';

/*
 * A hard kill of the embedded database: the server takes writes while another process hammers it with reads,
 * is killed with SIGKILL in the middle of it all (no drain, no close), and is started again on the same data
 * directory. Every write the server acknowledged must be there, and the database must open (PGlite runs
 * PostgreSQL's crash recovery from its write-ahead log; the stale lock of the dead process is taken over).
 */
const PORT = sidePort(16);
const base = `http://127.0.0.1:${PORT}`;

function startServer(dataDir: string): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

async function waitForReady(): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${base}/api/health/ready`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
    .toBe(200);
}

test('SIGKILL mid-traffic loses no acknowledged write and the database opens again', async () => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-crash-'));
  const children: ChildProcess[] = [];
  try {
    const first = startServer(dataDir);
    children.push(first.child);
    await waitForReady();

    // Accounts (registration is rate limited per address, so a few), then each one saving its profile in a
    // loop: a write counts as acknowledged once its reply came back.
    const accounts: { email: string; token: string; acked: number }[] = [];
    for (let lane = 0; lane < 6; lane++) {
      const email = `crash-${lane}@example.com`;
      const reply = await fetch(`${base}/api/user-register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Crash ${lane}`,
          email,
          mobile: `+3519200000${lane}`,
          password: 'secret123',
          re_password: 'secret123',
        }),
      });
      expect(reply.status).toBe(200);
      accounts.push({ email, token: (await reply.json()).data.token, acked: 0 });
    }
    // Another process: autocannon reading listings and settings as hard as it can.
    const hammer = spawn(
      process.execPath,
      [path.resolve('node_modules/autocannon/autocannon.js'), '-c', '16', '-d', '60', `${base}/api/get-property-list`],
      { stdio: 'ignore' },
    );
    children.push(hammer);

    let killed = false;
    const writer = async (account: (typeof accounts)[number]) => {
      for (let n = 1; !killed; n++) {
        const reply = await fetch(`${base}/api/update_profile`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
          body: JSON.stringify({ about_me: `save ${n}` }),
        }).catch(() => null);
        if (reply?.status === 200) account.acked = n;
      }
    };
    const writers = accounts.map(writer);
    const total = () => accounts.reduce((sum, a) => sum + a.acked, 0);
    await expect.poll(total, { timeout: 60_000 }).toBeGreaterThan(150);

    first.child.kill('SIGKILL');
    killed = true;
    expect(await first.exited).toBeNull();
    await Promise.all(writers);
    hammer.kill('SIGTERM');
    expect(fs.existsSync(path.join(dataDir, 'pglite', '.marketplace.lock'))).toBe(true);

    const second = startServer(dataDir);
    children.push(second.child);
    await waitForReady();
    // The restarted server answers for an account written before the kill.
    const last = accounts.at(-1)!.email;
    const signIn = await fetch(`${base}/api/user_signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ logintype: 'email', email: last, password: 'secret123' }),
    });
    expect(signIn.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // Every account, and every profile at its last acknowledged save or a later one, read from the directory.
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    const { rows } = await db.query<{ email: string; about_me: string | null }>(
      "select email, about_me from users where email like 'crash-%'",
    );
    await db.close();
    const saved = new Map(rows.map((r) => [r.email, Number(r.about_me?.replace('save ', '') ?? 0)]));
    test.info().annotations.push({ type: 'acknowledged-writes', description: String(total() + accounts.length) });
    const lost = accounts.filter((a) => !saved.has(a.email) || saved.get(a.email)! < a.acked);
    expect(lost.map((a) => `${a.email}: acknowledged ${a.acked}, stored ${saved.get(a.email)}`)).toEqual([]);
  } finally {
    // A failed step must not leave a server holding the port for the next run.
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
