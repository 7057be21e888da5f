import { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database, Executor } from '../db/client.ts';
import { insertAuditRow, listAuditEntities, listAuditRows } from '../repositories/audit-repository.ts';
import { assertAdmin } from './admin-access.ts';
import { listPaging, listText } from './admin-list-query.ts';
import { subjectLinks } from './audit-subjects.ts';

export interface AuditEntry {
  /** What was done, `<entity>.<verb>`: `property.approve`, `user.deactivate`, ... */
  action: string;
  /** The kind of thing changed: `property`, `project`, `user`, `advertisement`, `report`, ... */
  entity: string;
  entityId: string | number | null;
  /**
   * What the subject is called (a listing's title, a user's name and email; audit-subjects.ts), kept so the log
   * names it after it is renamed or deleted; null when the change has no one subject (the settings).
   */
  label: string | null;
  /** The fields the change touched, before and after (never secrets such as password hashes). */
  before: unknown;
  after: unknown;
}

/**
 * Writes one audit row. Call it with the transaction that makes the change, so the log holds exactly the changes
 * that happened: a change that rolls back leaves no row, and no change commits without its row.
 */
export async function recordAudit(tx: Executor, actor: SessionUser, entry: AuditEntry) {
  return insertAuditRow(tx, {
    actorId: actor.id,
    action: entry.action.slice(0, 100),
    entity: entry.entity.slice(0, 50),
    entityId: entry.entityId === null ? null : String(entry.entityId),
    entityLabel: entry.label === null ? null : entry.label.slice(0, 300),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export const auditQuerySchema = z.object({
  /** A kind as the log writes it (`property`, `payment_transaction`): lower-case letters and underscores. */
  entity: listText(50).pipe(
    z
      .string()
      .regex(/^[a-z_]+$/)
      .optional(),
  ),
  ...listPaging(50),
});

/** The audit log, newest first, optionally for one kind of entity. */
export async function listAuditLog(db: Database, actor: SessionUser | null, input: unknown) {
  assertAdmin(actor);
  const { entity, offset, limit } = auditQuerySchema.parse(input ?? {});
  const [{ rows, total }, entities] = await Promise.all([
    listAuditRows(db, { entity: entity || undefined }, { offset, limit }),
    listAuditEntities(db),
  ]);
  const links = await subjectLinks(db, rows);
  return {
    total,
    offset,
    limit,
    entities,
    items: rows.map((row, i) => ({
      id: row.id,
      actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName },
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      entity_label: row.entityLabel,
      /** The subject's page in the console while it is there; null once it is deleted, or for kinds without one. */
      entity_url: links[i]!.path,
      entity_deleted: links[i]!.deleted,
      before: row.before ?? null,
      after: row.after ?? null,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
export type AuditLogPage = Awaited<ReturnType<typeof listAuditLog>>;
