import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** Node 24 runs the benchmark's TypeScript directly; parameter properties in src need the transform mode. */
export const TS_FLAGS = ['--experimental-transform-types', '--no-warnings'];

export interface RunningServer {
  url: string;
  /** The server's process, for reading its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

/** Waits for a child to print `marker` on stdout; fails with its output if it exits first. */
function waitFor(child: ChildProcess, marker: string, what: string): Promise<void> {
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(marker)) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready:\n${output}`)));
  });
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      // SIGTERM: the server drains and closes the database cleanly (a PGlite directory must not be killed).
      child.kill('SIGTERM');
    });
}

/** The built site (dist/) served by scripts/start.mjs on an already seeded database, as in production. */
export async function startServer(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string | undefined;
  /** A first start on an empty database seeds the demo install (the Lighthouse run); the benchmark seeds itself. */
  seedDemoData?: boolean;
}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/entry.mjs')))
    throw new Error('dist/ is missing: run `npm run build` first');
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SEED_DEMO_DATA: String(options.seedDemoData ?? false),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitFor(child, 'marketplace ready', 'the server');
  child.stdout!.resume();
  child.stderr!.resume();
  return { url, pid: child.pid!, stop: stopper(child) };
}

/** A bare node:http server answering every request with the bytes of `file`. */
export async function startStaticServer(port: number, file: string): Promise<RunningServer> {
  const child = spawn(process.execPath, [...TS_FLAGS, path.join(ROOT, 'bench/static-server.ts'), String(port), file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitFor(child, 'ready', 'the static server');
  child.stdout!.resume();
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: stopper(child) };
}

/** A port nobody listens on now (other benchmarks and test servers may share the machine). */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
