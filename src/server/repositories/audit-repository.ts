import { count, desc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { withTotal } from './paging.ts';

export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRow(db: Executor, values: NewAuditRow) {
  const [row] = await db.insert(auditLog).values(values).returning();
  return row!;
}

/** Newest first, optionally one kind of entity, with the acting admin's name (null once their account is gone). */
export function listAuditRows(
  db: Executor,
  filter: { entity?: string | undefined },
  page: { offset: number; limit: number },
) {
  const where = filter.entity ? eq(auditLog.entity, filter.entity) : undefined;
  return withTotal(
    db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actorName: users.name,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        entityLabel: auditLog.entityLabel,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(auditLog).where(where),
  );
}

/** The kinds of entity the log holds, for the filter. */
export async function listAuditEntities(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity);
  return rows.map((r) => r.entity);
}

/** A table the log's subjects live in: every one has a serial `id`. */
export type SubjectTable = PgTable & { id: PgColumn };

/** Which of these ids still have a row in the table (the log links only to subjects that are still there). */
export async function findExistingIds(db: Executor, table: SubjectTable, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = (await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(inArray(table.id, ids))) as { id: number }[];
  return new Set(rows.map((r) => r.id));
}
