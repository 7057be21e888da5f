import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { expect } from '@playwright/test';

/*
 * The production server (scripts/start.mjs) started and stopped on a data directory or database of a test's own,
 * the npm commands that work on them while it is stopped, and API calls to it: for the backup, restore and move
 * tests.
 */

/** A PostgreSQL role that may create and drop databases (CI's test database URL; the local server otherwise). */
export const ADMIN_URL = process.env['TEST_DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export async function adminQuery(statement: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the admin URL's server. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Starts the server with `env`, waits until it is ready, runs `run` against it and stops it (SIGTERM). */
export async function withServer<T>(
  port: number,
  env: Record<string, string>,
  run: (base: string) => Promise<T>,
): Promise<T> {
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null))?.status ?? 0, {
        timeout: 60_000,
      })
      .toBe(200);
    return await run(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** `npm run <script> -- <args>` with `env`; throws with the command's output when it fails. */
export function npm(script: string, args: string[], env: Record<string, string>): string {
  return execFileSync('npm', ['run', '-s', script, '--', ...args], {
    env: { ...process.env, ...env },
    stdio: 'pipe',
    encoding: 'utf8',
  });
}

export const post = async (base: string, url: string, body: unknown, token?: string) => {
  const reply = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: reply.status, body: await reply.json() };
};

export const register = (base: string, email: string, name: string) =>
  post(base, '/api/user-register', {
    name,
    email,
    mobile: `+3519${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
    password: 'secret123',
    re_password: 'secret123',
  });

export const signIn = (base: string, email: string) =>
  post(base, '/api/user_signup', { logintype: 'email', email, password: 'secret123' });
