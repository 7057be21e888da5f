import type { Executor } from './client.ts';

/**
 * A statement built once per database (or transaction) and prepared under a name, for the hot lookups by key that
 * every listing page makes. Drizzle then skips building its SQL, and PostgreSQL its parsing and, once it has seen
 * that a generic plan costs no more, its planning: at 1M listings the listing-with-owner lookup spent 0.5 to 0.9 ms
 * planning and 0.1 ms running. Only for statements whose best plan does not depend on the values: searches stay
 * unprepared, since a generic plan cannot see how common a value is (docs/decisions/017).
 */
export function preparedPerDatabase<Statement>(build: (db: Executor) => Statement): (db: Executor) => Statement {
  const built = new WeakMap<Executor, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
