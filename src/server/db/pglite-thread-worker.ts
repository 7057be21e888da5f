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
  const fs = require('node:fs') as typeof Fs;
  const port = parentPort!;

  /** An open file as Emscripten's file system keeps it: `node` is the file (one per path), `nfd` Node's descriptor. */
  interface Stream {
    nfd: number;
    node: { mode: number };
  }
  type Write = (stream: Stream, buffer: Uint8Array, offset: number, length: number, position: number) => number;
  type SetAttr<T> = (target: T, attributes: { size?: number }) => void;
  /** Emscripten's Node file system as PostgreSQL sees it: its stream operations are one object all files share. */
  interface NodeFsModule {
    FS: { isFile(mode: number): boolean; ErrnoError: new (errno: number) => Error };
    NODEFS: {
      stream_ops: {
        fsync?: (stream: Stream) => number;
        llseek(stream: Stream, offset: number, whence: number): number;
        write: Write;
        setattr: SetAttr<Stream>;
      };
      node_ops: { setattr: SetAttr<Stream['node']> };
      tryFSOperation<T>(operation: () => T): T;
    };
  }

  /** NODEFS's stream operations known to `rememberFileSizes`: another one might change a file's size unseen. */
  const KNOWN_STREAM_OPS = 'close dup getattr llseek mmap msync open read setattr write';

  /**
   * Answers PostgreSQL's questions about a file's size from memory. PostgreSQL learns a relation's size by seeking
   * to its end, which NODEFS answers with an `fstat` of the file: the planner asks it of a table and of each of its
   * indexes each time a statement names the table, so under load a fifth of the thread's time went to `fstat`
   * (docs/decisions/038). The size is read once per file and then follows every change made through this file
   * system, the only writer of a data directory while the server holds it (src/server/db/lock.ts): a write past the
   * end extends it, a truncation (also how Emscripten extends with `fallocate`) forgets it, so the next seek reads it
   * again. A failed write forgets it too.
   */
  function rememberFileSizes(mod: NodeFsModule): void {
    const { FS, NODEFS } = mod;
    const ops = NODEFS.stream_ops;
    const present = Object.keys(ops)
      .filter((name) => name !== 'fsync')
      .sort()
      .join(' ');
    if (present !== KNOWN_STREAM_OPS) throw new Error(`PGlite's file system changed (stream operations: ${present})`);
    const sizes = new WeakMap<Stream['node'], number>();
    const { llseek, write } = ops;
    const SEEK_END = 2;
    ops.llseek = (stream, offset, whence) => {
      if (whence !== SEEK_END || !FS.isFile(stream.node.mode)) return llseek(stream, offset, whence);
      let size = sizes.get(stream.node);
      if (size === undefined) {
        size = NODEFS.tryFSOperation(() => fs.fstatSync(stream.nfd).size);
        sizes.set(stream.node, size);
      }
      if (size + offset < 0) throw new FS.ErrnoError(28); // EINVAL, as NODEFS's own
      return size + offset;
    };
    ops.write = (stream, buffer, offset, length, position) => {
      const size = sizes.get(stream.node);
      sizes.delete(stream.node);
      const written = write(stream, buffer, offset, length, position);
      if (size !== undefined) sizes.set(stream.node, Math.max(size, position + written));
      return written;
    };
    /** A file's attributes set by descriptor or by path: a new size (a truncation) forgets the one remembered. */
    const forgettingSize =
      <T>(setAttr: SetAttr<T>, nodeOf: (target: T) => Stream['node']): SetAttr<T> =>
      (target, attributes) => {
        if (attributes.size !== undefined) sizes.delete(nodeOf(target));
        setAttr(target, attributes);
      };
    ops.setattr = forgettingSize(ops.setattr, (stream) => stream.node);
    NODEFS.node_ops.setattr = forgettingSize(NODEFS.node_ops.setattr, (node) => node);
  }

  /**
   * A data directory whose files PostgreSQL can flush to disk. PGlite starts PostgreSQL with fsync off, and
   * Emscripten's Node file system has no fsync to call anyway, so a write was acknowledged once the operating system
   * had it, not the disk: a crash of the machine could lose the last seconds. Here the file system gets an fsync
   * (before PostgreSQL starts, so recovery's own flushes count too), and PostgreSQL runs with fsync on, flushing its
   * log at each commit with fsync: its `fdatasync` does not reach the file system in PGlite's build. The file
   * system also remembers its files' sizes (`rememberFileSizes`).
   */
  function flushedDirectory(directory: string): Pick<Pglite.PGliteOptions, 'fs' | 'startParams'> {
    const { NodeFS } = require(pgliteNodeFs) as typeof PgliteNodeFs;
    class FlushedNodeFS extends NodeFS {
      override async init(...args: Parameters<InstanceType<typeof NodeFS>['init']>) {
        const setup = await super.init(...args);
        const giveFsync = (mod: NodeFsModule) => {
          // An error becomes PostgreSQL's errno, and a log it cannot flush stops it, as on any PostgreSQL.
          mod.NODEFS.stream_ops.fsync = (stream) => mod.NODEFS.tryFSOperation(() => (fs.fsyncSync(stream.nfd), 0));
        };
        const preRun = [...(setup.emscriptenOpts.preRun ?? []), rememberFileSizes, giveFsync];
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
