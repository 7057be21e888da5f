import { protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { PgliteSession } from 'drizzle-orm/pglite';
import { databaseErrorCode } from '../errors.ts';
import { batch, parameterTypesOf, PgliteThread, resultsOf } from './pglite-thread.ts';

/**
 * Named statements for PGlite. Drizzle's PGlite driver drops a prepared statement's name and PGlite parses, plans
 * and describes every query afresh, so the lookups prepared by name (docs/decisions/023, 024) cost PGlite as much
 * as any query: at 10k listings the listing lookup 1.4 ms, where its prepared form takes 0.16. Here a statement
 * prepared with a name is parsed once per database under that name, and each call binds and runs it, so PostgreSQL
 * keeps its plan as it does for the pg driver (docs/decisions/026). Inside a transaction a statement runs the usual
 * way (writes are not the hot path).
 *
 * Drizzle has no hook for this, so its session's `prepareQuery` is wrapped; tests/api/db-named-statements.test.ts
 * fails if an upgrade of Drizzle or PGlite changes what this relies on.
 */
export function nameStatementsOnPglite(): void {
  if (patched) return;
  patched = true;
  const session = PgliteSession.prototype as unknown as { prepareQuery: PrepareQuery };
  const prepareQuery = session.prepareQuery;
  session.prepareQuery = function (this: { client: unknown }, ...args) {
    const prepared = prepareQuery.apply(this, args);
    const [, , name] = args;
    const { client } = this;
    if (name && client instanceof PgliteThread) {
      (prepared as unknown as { client: Pick<PgliteThread, 'query'> }).client = {
        query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
          statementsOf(client).run<T>(name, text, params ?? [], options),
      };
    }
    return prepared;
  };
}

type PrepareQuery = (
  this: { client: unknown },
  ...args: Parameters<PgliteSession<never, never>['prepareQuery']>
) => object;

let patched = false;
const perDatabase = new WeakMap<PgliteThread, NamedStatements>();

function statementsOf(client: PgliteThread): NamedStatements {
  let statements = perDatabase.get(client);
  if (!statements) perDatabase.set(client, (statements = new NamedStatements(client)));
  return statements;
}

const { serialize } = protocol;

/** PostgreSQL's invalid_sql_statement_name: no prepared statement of that name. */
const UNDEFINED_STATEMENT = '26000';

/** A statement parsed under a name: its text and the types of its parameters. */
interface Parsed {
  text: string;
  types: Promise<number[]>;
}

/** The named statements of one embedded database. Exported for the benchmark, which records what they run. */
export class NamedStatements {
  /** Each statement parsed (or being parsed) so far, by name: its text and parameter types. */
  readonly #parsed = new Map<string, Parsed>();

  constructor(readonly client: PgliteThread) {}

  run<T>(name: string, text: string, params: unknown[], options: QueryOptions = {}): Promise<Results<T>> {
    // Outside any transaction, as PGlite's own query runs: after one that is open, never inside it.
    return this.client.shared(async () => {
      const parsed = this.#parsedAs(name, text);
      try {
        return await this.#bindAndExecute<T>(name, await parsed.types, params, options);
      } catch (error) {
        // A DEALLOCATE or DISCARD sent by hand drops the statements: parse it again, once (calls that fail
        // together find the statement already parsed again by the first).
        if (databaseErrorCode(error) !== UNDEFINED_STATEMENT) throw error;
        if (this.#parsed.get(name) === parsed) this.#parsed.delete(name);
        return await this.#bindAndExecute<T>(name, await this.#parsedAs(name, text).types, params, options);
      }
    });
  }

  async #bindAndExecute<T>(name: string, types: number[], params: unknown[], options: QueryOptions) {
    const { client } = this;
    const values = client.serialize(params, types, options);
    const answers = await client.execProtocol(
      batch(
        serialize.bind({ statement: name, values: values as string[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ),
    );
    return resultsOf(answers, client.parsers, options)[0] as Results<T>;
  }

  /** The statement parsed under `name` (or being parsed: calls arriving together parse it once). */
  #parsedAs(name: string, text: string): Parsed {
    const parsed = this.#parsed.get(name);
    if (parsed?.text === text) return parsed;
    // A name stands for one text (docs/decisions/024); a second text under it is a bug to see, not to run.
    if (parsed) throw new Error(`The statement ${name} was prepared with another text`);
    const types = this.client
      .execProtocol(batch(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()))
      .then(parameterTypesOf);
    const entry = { text, types };
    this.#parsed.set(name, entry);
    types.catch(() => {
      if (this.#parsed.get(name) === entry) this.#parsed.delete(name);
    });
    return entry;
  }
}
