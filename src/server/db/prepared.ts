import type { Executor } from './client.ts';

/**
 * A statement built once per database (or transaction) and prepared under a name, for the hot lookups by key that
 * every listing page makes. Drizzle then skips building its SQL, and PostgreSQL its parsing and, once it has seen
 * that a generic plan costs no more, its planning: at 1M listings the listing-with-owner lookup spent 0.5 to 0.9 ms
 * planning and 0.1 ms running. Only for statements whose best plan does not depend on the values: searches stay
 * unprepared, since a generic plan cannot see how common a value is (docs/decisions/017), all but the probe of words
 * with a filter, whose plan is the same for every value (text-search.ts).
 */
export function preparedPerDatabase<Statement>(build: (db: Executor) => Statement): (db: Executor) => Statement {
  const statement = preparedPerKey((db: Executor) => build(db));
  return (db) => statement(db, '', undefined);
}

/** Statements kept per database by `preparedPerKey`: keys come from a few fixed shapes, but are bounded anyway. */
export const MAX_KEYED_STATEMENTS = 256;

/**
 * Like `preparedPerDatabase`, for a statement with a few shapes (which filters it takes, a grouping): built once per
 * database and key from `build(db, key, input)`, where the key names the shape and `input` describes it
 * (docs/decisions/024). Searches use it for statements sent unnamed, planned for each call's values. A key must
 * always give the same SQL text, since a prepared statement's name (usually made from the key) stands for one text.
 * When MAX_KEYED_STATEMENTS are kept, the one used longest ago is dropped for the new one.
 */
export function preparedPerKey<Input, Statement>(
  build: (db: Executor, key: string, input: Input) => Statement,
): (db: Executor, key: string, input: Input) => Statement {
  const built = new WeakMap<Executor, Map<string, Statement>>();
  return (db, key, input) => {
    let statements = built.get(db);
    if (!statements) built.set(db, (statements = new Map()));
    let statement = statements.get(key);
    if (statement) statements.delete(key);
    else {
      if (statements.size >= MAX_KEYED_STATEMENTS) statements.delete(statements.keys().next().value!);
      statement = build(db, key, input);
    }
    // Last in the map's order: the one dropped when the map is full is the one used longest ago.
    statements.set(key, statement);
    return statement;
  };
}

/** An empty statement name: PostgreSQL's unnamed statement, parsed and planned again for each call's values. */
export const UNNAMED = '';
