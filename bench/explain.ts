import type { Results } from '@electric-sql/pglite';
import pg from 'pg';
import { NamedStatements } from '../src/server/db/pglite-statements.ts';
import { PgliteThread } from '../src/server/db/pglite-thread.ts';

/** A statement the app sent, and how to send SQL on the same connection pool or embedded database. */
interface Statement {
  text: string;
  values: unknown[];
  send(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

type Query = (this: unknown, ...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Records the SQL the services send while `during` runs, by wrapping the two drivers' query methods and PGlite's
 * named statements, so the plans explained are exactly the statements Drizzle built, with their parameters.
 */
export async function recordStatements(during: () => Promise<unknown>): Promise<Statement[]> {
  const recorded: Statement[] = [];
  const targets = [pg.Pool.prototype, PgliteThread.prototype] as unknown as { query: Query }[];
  const originals = targets.map((t) => t.query);
  targets.forEach((target, i) => {
    const original = originals[i]!;
    target.query = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      const text = typeof first === 'string' ? first : first.text;
      const values = (typeof first === 'string' ? second : (first.values ?? second)) ?? [];
      recorded.push({ text, values, send: (t, v) => original.call(this, t, v) });
      return original.apply(this, args);
    };
  });
  const named = NamedStatements.prototype;
  const run = named.run;
  named.run = function <T>(this: NamedStatements, ...args: Parameters<NamedStatements['run']>) {
    const [, text, values] = args;
    recorded.push({ text, values, send: (t, v) => this.client.query(t, v) });
    return run.apply(this, args) as Promise<Results<T>>;
  };
  try {
    await during();
  } finally {
    targets.forEach((target, i) => (target.query = originals[i]!));
    named.run = run;
  }
  return recorded;
}

export interface Plan {
  text: string;
  executionMs: number;
  plan: string;
}

/** EXPLAIN ANALYZE of every read among the statements, slowest first. */
export async function explain(statements: Statement[]): Promise<Plan[]> {
  const plans: Plan[] = [];
  for (const statement of statements) {
    if (!/^\s*(select|with)\b/i.test(statement.text)) continue;
    const { rows } = await statement.send(`explain (analyze, buffers) ${statement.text}`, statement.values);
    const plan = rows.map((r) => String(Object.values(r)[0])).join('\n');
    const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
    plans.push({ text: statement.text, executionMs, plan });
  }
  return plans.sort((a, b) => b.executionMs - a.executionMs);
}
