import { and, count, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { escapeLike } from './admin-moderation-repository.ts';
import { withTotal } from './paging.ts';

/** A console-managed table: every one has a serial `id`. */
export type ContentTable = PgTable & { id: PgColumn };
export type ContentRow = Record<string, unknown> & { id: number };

type Page = { offset: number; limit: number };

/** Rows of one table, optionally matching a search in any of the given text columns. */
export function listContentRows(
  db: Executor,
  table: ContentTable,
  options: { search?: string | undefined; columns: PgColumn[]; orderBy: (PgColumn | SQL)[] },
  page: Page,
) {
  const where = options.search
    ? or(...options.columns.map((column) => ilike(column, `%${escapeLike(options.search!)}%`)))
    : undefined;
  return withTotal(
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...options.orderBy)
      .limit(page.limit)
      .offset(page.offset) as unknown as Promise<ContentRow[]>,
    db
      .select({ value: count() })
      .from(table as PgTable)
      .where(where),
  );
}

export async function findContentRow(db: Executor, table: ContentTable, id: number, lock = false) {
  const query = db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  const [row] = (await (lock ? query.for('update') : query)) as unknown as ContentRow[];
  return row ?? null;
}

export async function insertContentRow(tx: Executor, table: ContentTable, values: Record<string, unknown>) {
  const [row] = (await tx
    .insert(table)
    .values(values as never)
    .returning()) as unknown as ContentRow[];
  return row!;
}

export async function updateContentRow(tx: Executor, table: ContentTable, id: number, values: Record<string, unknown>) {
  const [row] = (await tx
    .update(table)
    .set(values as never)
    .where(eq(table.id, id))
    .returning()) as unknown as ContentRow[];
  return row!;
}

export async function deleteContentRow(tx: Executor, table: ContentTable, id: number) {
  await tx.delete(table).where(eq(table.id, id));
}

/** Whether another row of the table already holds this value in a unique column (slug, code). */
export async function valueTaken(
  tx: Executor,
  table: ContentTable,
  column: PgColumn,
  value: string,
  exceptId: number | null,
) {
  const [row] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(exceptId === null ? eq(column, value) : and(eq(column, value), ne(table.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

/** Whether any row of `table` points at `id` through `column` (a category's listings, a package's buyers). */
export async function isReferenced(db: Executor, table: PgTable, column: PgColumn, id: number) {
  const [row] = await db.select({ value: column }).from(table).where(eq(column, id)).limit(1);
  return Boolean(row);
}
