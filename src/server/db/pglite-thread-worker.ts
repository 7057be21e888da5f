import type * as Pglite from '@electric-sql/pglite';
import type * as PgliteNodeFs from '@electric-sql/pglite/nodefs';
import type * as Fs from 'node:fs';
import type * as WorkerThreads from 'node:worker_threads';

/**
 * The body of the embedded database's thread (docs/decisions/029). It runs in a worker started from its source text
 * (`new Worker(text, { eval: true })`), so the same text serves the built server, the tests and the scripts without
 * a file of its own to find at run time: it must not refer to anything outside itself, and gets `require` and
 * PGlite's module path from its caller (the imports above are types only).
 *
 * It owns PGlite and does one thing: it runs each batch of wire-protocol messages it is sent, in the order sent, and
 * returns PostgreSQL's raw answer. The main thread builds the messages and reads the answers
 * (src/server/db/pglite-thread.ts).
 */
export function pgliteThreadMain(require: NodeJS.Require): void {
  const { parentPort, workerData } = require('node:worker_threads') as typeof WorkerThreads;
  const { pglite, pgliteNodeFs, dataDir } = workerData as { pglite: string; pgliteNodeFs: string; dataDir: string };
  const { PGlite } = require(pglite) as typeof Pglite;
  const port = parentPort!;

  /** Emscripten's Node file system as PostgreSQL sees it: its stream operations are one object all files share. */
  interface NodeFsModule {
    NODEFS: {
      stream_ops: { fsync?: (stream: { nfd: number }) => number };
      tryFSOperation<T>(operation: () => T): T;
    };
  }

  /**
   * A data directory whose files PostgreSQL can flush to disk. PGlite starts PostgreSQL with fsync off, and
   * Emscripten's Node file system has no fsync to call anyway, so a write was acknowledged once the operating system
   * had it, not the disk: a crash of the machine could lose the last seconds. Here the file system gets an fsync
   * (before PostgreSQL starts, so recovery's own flushes count too), and PostgreSQL runs with fsync on, flushing its
   * log at each commit with fsync: its `fdatasync` does not reach the file system in PGlite's build.
   */
  function flushedDirectory(directory: string): Pick<Pglite.PGliteOptions, 'fs' | 'startParams'> {
    const fs = require('node:fs') as typeof Fs;
    const { NodeFS } = require(pgliteNodeFs) as typeof PgliteNodeFs;
    class FlushedNodeFS extends NodeFS {
      override async init(...args: Parameters<InstanceType<typeof NodeFS>['init']>) {
        const setup = await super.init(...args);
        const giveFsync = (mod: NodeFsModule) => {
          // An error becomes PostgreSQL's errno, and a log it cannot flush stops it, as on any PostgreSQL.
          mod.NODEFS.stream_ops.fsync = (stream) => mod.NODEFS.tryFSOperation(() => (fs.fsyncSync(stream.nfd), 0));
        };
        const preRun = [...(setup.emscriptenOpts.preRun ?? []), giveFsync];
        return { emscriptenOpts: { ...setup.emscriptenOpts, preRun: preRun as typeof setup.emscriptenOpts.preRun } };
      }
    }
    return {
      fs: new FlushedNodeFS(directory),
      startParams: [
        ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
        '-c',
        'fsync=on',
        '-c',
        'wal_sync_method=fsync',
      ],
    };
  }

  interface Request {
    id: number;
    /** Protocol messages to run, or absent to close the database. */
    message?: Uint8Array;
  }

  // PGlite's file system errors are plain objects (Emscripten's { name: 'ErrnoError', errno }).
  const describe = (error: unknown) =>
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error
        ? Object.entries(error)
            .map(([key, value]) => `${key} ${String(value)}`)
            .join(', ')
        : String(error);

  // A database in memory (the tests') has nothing to flush.
  PGlite.create(dataDir.startsWith('memory://') ? { dataDir } : flushedDirectory(dataDir)).then(
    (db) => {
      // One batch at a time, in the order sent: PostgreSQL here has a single session.
      let queue = Promise.resolve();
      port.on('message', (request: Request) => {
        queue = queue.then(() => answer(db, request));
      });
      port.postMessage({ ready: true });
    },
    (error: unknown) => port.postMessage({ failed: describe(error) }),
  );

  /**
   * PostgreSQL's raw answer to a batch. Not `execProtocolRaw`: it also parses every answer for PGlite's own error,
   * notice and notification handling, which the main thread does (it parses the answer anyway), and it then calls
   * `syncToFs`, which for a directory on disk or in memory has nothing to write (their writes go straight through)
   * and only takes PGlite's file-system lock: together about half of PGlite's time on a short statement.
   */
  async function run(db: Pglite.PGlite, message: Uint8Array): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    // Each chunk is a view of PGlite's memory, valid during the call only.
    const onRawData = (chunk: Uint8Array) => {
      chunks.push(chunk.slice());
      size += chunk.length;
    };
    await db.execProtocolRawStream(message, { syncToFs: false, onRawData });
    // The pieces joined as `batch` in pglite-thread.ts joins messages: this text cannot import it (see above).
    if (chunks.length === 1) return chunks[0]!;
    const data = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      data.set(chunk, offset);
      offset += chunk.length;
    }
    return data;
  }

  async function answer(db: Pglite.PGlite, { id, message }: Request): Promise<void> {
    try {
      if (!message) {
        await db.close();
        port.postMessage({ id, data: new Uint8Array(0) });
        port.close();
        return;
      }
      const data = await run(db, message);
      port.postMessage({ id, data }, [data.buffer as ArrayBuffer]);
    } catch (error) {
      port.postMessage({ id, error: describe(error) });
    }
  }
}
