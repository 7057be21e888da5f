import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { parse, protocol, TransactionAbortedError, types, type QueryOptions, type Results } from '@electric-sql/pglite';
import {
  CommandCompleteMessage,
  DatabaseError,
  NotificationResponseMessage,
  type BackendMessage,
} from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import { pgliteThreadMain } from './pglite-thread-worker.ts';

const { serialize } = protocol;

/** PGlite's reading of an answer into results: it goes by the messages' names, which pg-protocol's share. */
type PgliteMessages = Parameters<typeof parse.parseResults>[0];

/**
 * Each statement's rows, fields and counts in an answer, with PGlite's type parsers (as PGlite's `query`). A
 * statement's own parsers (Drizzle gives every statement some, to read dates as text) are laid over the client's
 * through the prototype chain: PGlite would copy the client's 140 or so into a new object for each statement, about
 * 55 µs of the server's thread each time (docs/performance.md).
 */
export function resultsOf(answers: BackendMessage[], parsers: Record<number, types.Parser>, options?: QueryOptions) {
  const { parsers: own, ...rest } = options ?? {};
  const merged = own ? Object.assign(Object.create(parsers) as Record<number, types.Parser>, own) : parsers;
  return parse.parseResults(answers as unknown as PgliteMessages, merged, rest);
}

/** The parameter types in the answer to a statement's description. */
export function parameterTypesOf(answers: BackendMessage[]): number[] {
  return parse.parseDescribeStatementResults(answers as unknown as PgliteMessages);
}

type Listener = (payload: string) => void;

/** A transaction's client: what Drizzle's PGlite driver calls on it (its savepoints are statements too). */
export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/**
 * The embedded database on a thread of its own (docs/decisions/029). PGlite is PostgreSQL compiled to WebAssembly,
 * and it runs on the thread that calls it: in the server's own thread, every statement's parsing, planning and
 * running held up every request, so a server on PGlite used one core. Here PGlite runs in a worker thread
 * (pglite-thread-worker.ts) and this client, on the server's thread, speaks PostgreSQL's wire protocol to it:
 * it builds each statement's messages, sends them in one batch, and reads the rows from the answer while the worker
 * already runs the next batch.
 *
 * It offers what Drizzle's PGlite driver and the server use of PGlite (`query`, `exec`, `transaction`, `listen`,
 * `close`), with PGlite's own parsing of rows. Statements outside a transaction are sent as they come, many in
 * flight; a transaction has the database to itself from BEGIN to its end, as on PGlite, so a statement from outside
 * waits for it, and the transaction for the statements sent before it.
 */
export class PgliteThread {
  readonly serializers: Record<number, types.Serializer> = { ...types.serializers };
  readonly parsers: Record<number, types.Parser> = { ...types.parsers };
  readonly #worker: Worker;
  readonly #answers = new Map<number, { resolve: (data: Uint8Array) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  /** Parameter types by statement text, so a statement is parsed, bound and run in one batch (see `#typesOf`). */
  readonly #parameterTypes = new Map<string, number[]>();
  readonly #listeners = new Map<string, Set<Listener>>();
  /**
   * Arrival order between transactions and the statements outside them: a statement waits for the transactions
   * queued before it (`#afterTransactions`, the last one's end), a transaction for them and for the statements that
   * arrived before it (`#arrived`, those still running).
   */
  #afterTransactions: Promise<void> = Promise.resolve();
  #arrived = new Set<Promise<void>>();
  #closed: Error | undefined;
  /** Set by `close`: an exit after it is the end asked for, any other a failure. */
  #closing = false;
  readonly #failureListeners = new Set<(error: Error) => void>();
  readonly #exited: Promise<void>;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: { id: number; data?: Uint8Array; error?: string }) => {
      const answer = this.#answers.get(reply.id);
      if (!answer) return;
      this.#answers.delete(reply.id);
      if (this.#answers.size === 0) worker.unref();
      if (reply.data) answer.resolve(reply.data);
      else answer.reject(new Error(reply.error ?? 'The database thread gave no answer'));
    });
    const stop = (error: Error) => {
      const failed = !this.#closing && !this.#closed;
      this.#closed ??= error;
      for (const answer of this.#answers.values()) answer.reject(error);
      this.#answers.clear();
      if (failed) for (const listener of this.#failureListeners) listener(error);
    };
    worker.on('error', (error) => stop(new Error('The database thread failed', { cause: error })));
    this.#exited = new Promise((resolve) =>
      worker.once('exit', (code) => {
        stop(
          this.#closing ? new Error('PGlite is closed') : new Error(`The database thread stopped (exit code ${code})`),
        );
        resolve();
      }),
    );
  }

  /** Starts the thread and opens the database in it: a data directory, or 'memory://'. */
  static async open(dataDir: string): Promise<PgliteThread> {
    const worker = new Worker(`(${pgliteThreadMain.toString()})(require)`, {
      eval: true,
      workerData: {
        dataDir,
        pglite: resolveModule('@electric-sql/pglite'),
        pgliteNodeFs: resolveModule('@electric-sql/pglite/nodefs'),
      },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        worker.once('message', (status: { ready?: true; failed?: string }) =>
          status.ready
            ? resolve()
            : reject(new Error(`The embedded database at ${dataDir} could not be opened: ${status.failed}`)),
        );
        worker.once('error', reject);
        worker.once('exit', (code) =>
          reject(new Error(`The database thread stopped (exit code ${code}) before the database at ${dataDir} opened`)),
        );
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    const client = new PgliteThread(worker);
    worker.unref();
    await client.#initArrayTypes();
    return client;
  }

  get closed(): boolean {
    return this.#closed !== undefined;
  }

  /**
   * Calls `listener` once if the thread stops without `close` (an uncaught error in it, or its end): every statement
   * is refused from then on, so the server should stop and be started again.
   */
  onFailure(listener: (error: Error) => void): void {
    this.#failureListeners.add(listener);
  }

  /** One statement with parameters (PostgreSQL's extended protocol), as PGlite's `query`. */
  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.shared(() => this.#query<T>(text, params, options));
  }

  /** One or more statements without parameters (the simple protocol), as PGlite's `exec`. */
  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.shared(() => this.#exec(text, options));
  }

  /** Runs `callback` in a transaction, committed when it returns and rolled back when it throws, as PGlite's. */
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    return this.#alone(async () => {
      await this.#exec('BEGIN');
      let closed = false;
      // The transaction's statements one after another, as on PGlite: its end waits for the last one sent, so none
      // runs after the COMMIT or ROLLBACK, outside the transaction.
      let last: Promise<unknown> = Promise.resolve();
      const tx: ThreadTransaction = {
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          const run = last.then(() =>
            closed ? Promise.reject(new Error('Transaction is closed')) : this.#query<R>(text, params ?? [], options),
          );
          last = run.catch(() => undefined);
          return run;
        },
      };
      const end = async (command: 'COMMIT' | 'ROLLBACK') => {
        closed = true;
        await last;
        return this.#exec(command);
      };
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        await end('ROLLBACK');
        throw error;
      }
      const [done] = await end('COMMIT');
      // COMMIT of a transaction that failed rolls it back instead, as PGlite reports it.
      if (done?.command === 'ROLLBACK') throw new TransactionAbortedError();
      return result;
    });
  }

  /** Calls `listener` with each notification on `channel` (LISTEN); the returned function stops. */
  async listen(channel: string, listener: Listener): Promise<() => Promise<void>> {
    const name = foldedChannel(channel);
    let listeners = this.#listeners.get(name);
    if (!listeners) this.#listeners.set(name, (listeners = new Set()));
    listeners.add(listener);
    try {
      await this.exec(`LISTEN ${channel}`);
    } catch (error) {
      listeners.delete(listener);
      throw error;
    }
    return async () => {
      listeners.delete(listener);
      if (listeners.size === 0 && !this.closed) {
        this.#listeners.delete(name);
        await this.exec(`UNLISTEN ${channel}`);
      }
    };
  }

  /**
   * Runs protocol messages as one batch and returns PostgreSQL's messages, throwing its error if it raised one.
   * Outside a transaction only: the caller runs it within `shared`.
   */
  async execProtocol(message: Uint8Array): Promise<BackendMessage[]> {
    const data = await this.#send(message);
    const answers: BackendMessage[] = [];
    let error: Error | undefined;
    // node-postgres's parser rather than PGlite's own: PGlite's copies each value's bytes before decoding them, and
    // took three times as long over a page of listings (docs/decisions/029).
    new Parser().parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength), (answer) => {
      if (answer instanceof DatabaseError) error ??= answer;
      else if (answer instanceof NotificationResponseMessage) this.#notify(answer.channel, answer.payload);
      // A table or type created, changed or dropped may change the parameter types of a text already seen.
      else if (answer instanceof CommandCompleteMessage && SCHEMA_CHANGES.test(answer.text))
        this.#parameterTypes.clear();
      answers.push(answer);
    });
    if (error) throw error;
    return answers;
  }

  /** Parameter values as text, each written by its type's serializer (the caller's first), as PGlite's `query`. */
  serialize(params: unknown[], types: number[], options?: QueryOptions): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = options?.serializers?.[types[i]!] ?? this.serializers[types[i]!];
      return serializer ? serializer(param) : String(param);
    });
  }

  /** Runs `work` as statements outside a transaction: after the transactions queued before it, many at a time. */
  shared<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#afterTransactions.then(work);
    const arrived = this.#arrived;
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    arrived.add(settled);
    void settled.then(() => arrived.delete(settled));
    return run;
  }

  /** Waits for what was sent, closes the database (PGlite writes its state out) and ends the thread. */
  async close(): Promise<void> {
    this.#closing = true;
    if (!this.#closed)
      await this.#alone(async () => {
        if (this.#closed) return;
        await this.#send(undefined);
        this.#closed = new Error('PGlite is closed');
      });
    this.#worker.ref();
    await this.#exited;
  }

  /** Work that has the database to itself: after everything sent before it, before anything sent later. */
  #alone<T>(work: () => Promise<T>): Promise<T> {
    const before = Promise.all([this.#afterTransactions, ...this.#arrived]);
    this.#arrived = new Set();
    const run = before.then(work);
    this.#afterTransactions = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  async #query<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const types = params.length ? await this.#typesOf(text, options) : [];
    const values = this.serialize(params, types, options);
    const answers = await this.execProtocol(
      batch(
        serialize.parse({ text, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }),
        serialize.bind({ values: values as string[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ),
    );
    return resultsOf(answers, this.parsers, options)[0] as Results<T>;
  }

  async #exec(text: string, options?: QueryOptions): Promise<Results[]> {
    const answers = await this.execProtocol(batch(serialize.query(text), serialize.sync()));
    return resultsOf(answers, this.parsers, options);
  }

  /**
   * The types PostgreSQL gives a statement's parameters, which decide how each value is written (an array, a date,
   * JSON). Asked once per text (a parse and a describe), then kept: the texts are the application's own statements,
   * a bounded set, and a statement's parameter types change only with the schema, after which they are asked again
   * (`execProtocol`).
   */
  async #typesOf(text: string, options?: QueryOptions): Promise<number[]> {
    const known = options?.paramTypes ? undefined : this.#parameterTypes.get(text);
    if (known) return known;
    const answers = await this.execProtocol(
      batch(
        serialize.parse({ text, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }),
        serialize.describe({ type: 'S' }),
        serialize.sync(),
      ),
    );
    const types = parameterTypesOf(answers);
    if (!options?.paramTypes) {
      if (this.#parameterTypes.size >= MAX_STATEMENT_TEXTS) this.#parameterTypes.clear();
      this.#parameterTypes.set(text, types);
    }
    return types;
  }

  #notify(channel: string, payload: string) {
    // After the statement's caller has its answer, as PGlite calls its listeners.
    for (const listener of this.#listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
  }

  /** Sends a batch (copied: a caller's buffer may be a view of one PGlite reuses), or the close when absent. */
  #send(message: Uint8Array | undefined): Promise<Uint8Array> {
    if (this.#closed) return Promise.reject(this.#closed);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      try {
        this.#worker.postMessage({ id, message });
      } catch (error) {
        reject(error as Error);
        return;
      }
      if (this.#answers.size === 0) this.#worker.ref();
      this.#answers.set(id, { resolve, reject });
    });
  }

  async #initArrayTypes() {
    // As PGlite does at start: arrays of each type are written and read with the element type's functions.
    const { rows } = await this.query<{ oid: number; typarray: number }>(
      `select b.oid, b.typarray from pg_catalog.pg_type a left join pg_catalog.pg_type b on b.oid = a.typelem
       where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`,
    );
    for (const { oid, typarray } of rows) {
      this.serializers[typarray] = (value) => types.arraySerializer(value, this.serializers[oid], typarray);
      this.parsers[typarray] = (value) => types.arrayParser(value, this.parsers[oid]!, typarray);
    }
  }
}

const resolveModule = (specifier: string) => createRequire(import.meta.url).resolve(specifier);

/** The command tags of statements that change the schema. */
const SCHEMA_CHANGES = /^(CREATE|ALTER|DROP) /;

/** Statement texts whose parameter types are kept: the application has a few hundred. */
const MAX_STATEMENT_TEXTS = 2048;

/** A channel name as LISTEN takes it: PostgreSQL folds unquoted names to lower case, as PGlite does here. */
function foldedChannel(channel: string): string {
  return channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
}

/** Protocol messages sent in one call, so PGlite answers them in one pass. */
export function batch(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
