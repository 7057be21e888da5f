import { and, asc, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { articleCategories, categoryParameters, languages, packageFeatures, parameters } from '../db/schema/index.ts';
import { escapeLike } from './admin-moderation-repository.ts';
import { withTotal } from './paging.ts';

/** A console-managed table: every one has a serial `id`. */
export type ContentTable = PgTable & { id: PgColumn };
export type ContentRow = Record<string, unknown> & { id: number };
export type ContentColumn = PgColumn;
/** A column to sort by: ascending, or `{ desc: column }`. */
export type ContentOrder = PgColumn | { desc: PgColumn };

type Page = { offset: number; limit: number };

/** Rows of one table, optionally matching a search in any of the given text columns. */
export function listContentRows(
  db: Executor,
  table: ContentTable,
  options: { search?: string | undefined; columns: PgColumn[]; orderBy: ContentOrder[] },
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
      .orderBy(...options.orderBy.map((o) => ('desc' in o ? desc(o.desc) : asc(o))))
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

/* Rows kept beside an entity's own (see src/server/services/admin-content). */

export async function categoryParameterIds(db: Executor, categoryId: number) {
  const rows = await db
    .select({ id: categoryParameters.parameterId })
    .from(categoryParameters)
    .where(eq(categoryParameters.categoryId, categoryId))
    .orderBy(asc(categoryParameters.sortOrder));
  return rows.map((r) => r.id);
}

/** A category's parameters, in the given order. */
export async function replaceCategoryParameters(tx: Executor, categoryId: number, parameterIds: number[]) {
  await tx.delete(categoryParameters).where(eq(categoryParameters.categoryId, categoryId));
  if (parameterIds.length)
    await tx
      .insert(categoryParameters)
      .values(parameterIds.map((parameterId, sortOrder) => ({ categoryId, parameterId, sortOrder })));
}

export const listParameterNames = (db: Executor) =>
  db.select({ id: parameters.id, name: parameters.name }).from(parameters).orderBy(asc(parameters.name));

export const listArticleCategoryNames = (db: Executor) =>
  db
    .select({ id: articleCategories.id, name: articleCategories.name })
    .from(articleCategories)
    .orderBy(asc(articleCategories.name));

export const listPackageFeatureRows = (db: Executor, packageId: number) =>
  db.select().from(packageFeatures).where(eq(packageFeatures.packageId, packageId));

export type PackageFeatureName = (typeof packageFeatures.$inferSelect)['feature'];

export async function replacePackageFeatures(
  tx: Executor,
  packageId: number,
  limits: [feature: PackageFeatureName, limit: number | null][],
) {
  await tx.delete(packageFeatures).where(eq(packageFeatures.packageId, packageId));
  if (limits.length)
    await tx.insert(packageFeatures).values(limits.map(([feature, limit]) => ({ packageId, feature, limit })));
}

/** Every language but `exceptId` stops being the default (one default at a time). */
export async function clearDefaultLanguage(tx: Executor, exceptId: number | null) {
  await tx
    .update(languages)
    .set({ isDefault: false })
    .where(
      exceptId === null
        ? eq(languages.isDefault, true)
        : and(eq(languages.isDefault, true), ne(languages.id, exceptId)),
    );
}
