import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { sidePort } from '../support/ports.ts';

/** Runs the built server (scripts/start.mjs) as a person would, on its own port and data directory. */
function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  let output = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', ...env },
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

test.describe('server lifecycle on the embedded database', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-lifecycle-'));
  test.afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  test('SIGTERM drains, closes the database and releases the lock; a restart finds the data', async () => {
    const first = startServer({ PORT: String(sidePort(11)), DATA_DIR: dataDir });
    await waitForReady(sidePort(11));
    const languages = await (await fetch(`http://127.0.0.1:${sidePort(11)}/api/get_languages`)).json();
    expect(languages.data.map((l: { code: string }) => l.code)).toEqual(['en', 'ar']);
    expect(fs.existsSync(path.join(dataDir, 'pglite', '.marketplace.lock'))).toBe(true);
    // One structured log line per request, carrying the id the reply header names.
    const page = await fetch(`http://127.0.0.1:${sidePort(11)}/faqs`);
    const requestId = page.headers.get('x-request-id')!;
    await expect
      .poll(first.output)
      .toContain(`"message":"request","requestId":"${requestId}","method":"GET","path":"/faqs","status":200`);
    expect(first.output()).toMatch(
      /"message":"request","requestId":"[\w-]{36}","method":"GET","path":"\/api\/get_languages"/,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"message":"stopped"');
    expect(fs.existsSync(path.join(dataDir, 'pglite', '.marketplace.lock'))).toBe(false);

    const second = startServer({ PORT: String(sidePort(12)), DATA_DIR: dataDir });
    await waitForReady(sidePort(12));
    const again = await (await fetch(`http://127.0.0.1:${sidePort(12)}/api/get_languages`)).json();
    expect(again.data).toEqual(languages.data);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  test('a second server on a data directory in use refuses to start with a clear message', async () => {
    const owner = startServer({ PORT: String(sidePort(13)), DATA_DIR: dataDir });
    await waitForReady(sidePort(13));
    const intruder = startServer({ PORT: String(sidePort(14)), DATA_DIR: dataDir });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toMatch(/in use by another process/);
    // It gives up through the same shutdown as SIGTERM, not a crash.
    expect(intruder.output()).toContain('"message":"server failed to start"');
    expect(intruder.output()).toContain('"message":"stopped"');
    // The owner is unharmed.
    expect((await fetch(`http://127.0.0.1:${sidePort(13)}/api/health/ready`)).status).toBe(200);
    owner.child.kill('SIGTERM');
    expect(await owner.exited).toBe(0);
  });
});
