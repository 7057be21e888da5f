import { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database, Executor } from '../db/client.ts';
import type { ImageRecord } from '../db/schema/media-types.ts';
import { AppError, fieldErrorsFromZod } from '../errors.ts';
import { deleteMedia } from '../media/listing-media.ts';
import * as repo from '../repositories/admin-content-repository.ts';
import { adminMutation, assertAdmin } from './admin-access.ts';
import { listPaging, listText } from './admin-list-query.ts';
import type { AdminEntity, Deps } from './admin-content/entity.ts';
import { recordAudit } from './audit-service.ts';
import { languageCatalog } from './language-service.ts';
import { MediaBatch } from './listing-media-batch.ts';

export const contentQuerySchema = z.object({
  search: listText(100),
  ...listPaging(),
});

async function viewOf(db: Executor, deps: Deps, entity: AdminEntity, row: repo.ContentRow) {
  const links = entity.links ? await entity.links.load(db, row.id) : {};
  return entity.view(row, links, deps);
}

/** One page of an entity's rows, optionally searched. */
export async function listContent(deps: Deps, actor: SessionUser | null, entity: AdminEntity, input: unknown) {
  assertAdmin(actor);
  const { search, offset, limit } = contentQuerySchema.parse(input ?? {});
  const { rows, total } = await repo.listContentRows(
    deps.db,
    entity.table,
    { search: search || undefined, columns: entity.search, orderBy: entity.orderBy },
    { offset, limit },
  );
  return { total, offset, limit, items: rows.map((row) => entity.view(row, {}, deps)) };
}

export async function getContent(deps: Deps, actor: SessionUser | null, entity: AdminEntity, id: number) {
  assertAdmin(actor);
  const row = await repo.findContentRow(deps.db, entity.table, id);
  if (!row) throw AppError.notFound('admin.errors.not_found');
  return viewOf(deps.db, deps, entity, row);
}

/**
 * The choices of an entity's select and checklist fields that come from the database, for its form; a `names`
 * field's are the site's active languages but the default one (whose name is the row's own).
 */
export async function contentChoices(db: Database, entity: AdminEntity) {
  const choices = entity.choices ? await entity.choices(db) : {};
  const namesFields = entity.fields.filter((f) => f.kind === 'names');
  if (namesFields.length === 0) return choices;
  const catalog = await languageCatalog(db);
  const languages = catalog.languages
    .filter((language) => !language.isDefault)
    .map((language) => ({ value: language.code, label: language.nativeName }));
  return { ...choices, ...Object.fromEntries(namesFields.map((f) => [f.name, languages])) };
}

/** A form's `names.<code>` boxes as one object by language code (a repeated box means its last value). */
function postedNames(input: Record<string, unknown>, field: string) {
  const prefix = `${field}.`;
  const boxes = Object.entries(input).filter(([key]) => key.startsWith(prefix));
  if (boxes.length === 0) return undefined;
  return Object.fromEntries(
    boxes.map(([key, value]) => [key.slice(prefix.length), Array.isArray(value) ? value.at(-1) : value]),
  );
}

/**
 * The form posts a checkbox after its hidden "0" and a checklist after a hidden "", so a repeated field means
 * its last value, except for checklists and lists, which are lists. Names in other languages come as an object
 * (JSON) or as one box per language (forms).
 */
function normalise(entity: AdminEntity, input: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const field of entity.fields) {
    const value = field.kind === 'names' ? (input[field.name] ?? postedNames(input, field.name)) : input[field.name];
    if (value === undefined || field.kind === 'file') continue;
    out[field.name] =
      Array.isArray(value) && field.kind !== 'checklist' && field.kind !== 'lines' ? value.at(-1) : value;
  }
  return out;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields whose shown value changed, before and after: what the audit log keeps. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  };
}

/**
 * Creates (id null) or edits a row: the input is laid over the current values (so an API call may send only what
 * changes), checked, written with its links and files, and audited in one transaction. Files written for a
 * failed save are removed; an image replaced by a new one is removed after the commit.
 */
export async function saveContent(
  deps: Deps,
  actor: SessionUser | null,
  entity: AdminEntity,
  id: number | null,
  input: { fields: Record<string, unknown>; files: Record<string, File> },
) {
  assertAdmin(actor);
  const { view, replaced } = await adminMutation(deps.db, actor, async (tx, admin) => {
    const current = id === null ? null : await repo.findContentRow(tx, entity.table, id, true);
    if (id !== null && !current) throw AppError.notFound('admin.errors.not_found');
    const before = current ? await viewOf(tx, deps, entity, current) : {};
    const submitted = normalise(entity, input.fields);
    // Names in other languages are merged by language: a call may send only the one it changes ("" clears it).
    for (const field of entity.fields) {
      const sent = submitted[field.name];
      const held = before[field.name];
      if (field.kind === 'names' && isPlainObject(sent) && isPlainObject(held))
        submitted[field.name] = { ...held, ...sent };
    }
    const parsed = entity.schema.safeParse({ ...before, ...submitted });
    if (!parsed.success) throw AppError.validation(fieldErrorsFromZod(parsed.error));
    const media = new MediaBatch(deps, `content/${entity.name}`);
    return media.run(async () => {
      const columns = await entity.toColumns(parsed.data, { tx, deps, media, files: input.files, current });
      const row = current
        ? await repo.updateContentRow(tx, entity.table, current.id, columns)
        : await repo.insertContentRow(tx, entity.table, columns);
      await entity.links?.save(tx, row.id, parsed.data);
      const after = await viewOf(tx, deps, entity, row);
      await recordAudit(tx, admin, {
        action: `${entity.audit}.${current ? 'update' : 'create'}`,
        entity: entity.audit,
        entityId: row.id,
        label: entity.label(row),
        ...changes(before, after),
      });
      const old = current?.['image'] as ImageRecord | null | undefined;
      return { view: after, replaced: old && old !== columns['image'] ? old : null };
    });
  });
  await deleteMedia(deps.storage, replaced);
  entity.changed?.(deps.db);
  return view;
}

/**
 * Deletes a row, or, when others point at it, switches it off (entities with an active flag) or refuses (409):
 * a category with listings, a bought package, a field applicants answered stay on record.
 */
export async function removeContent(deps: Deps, actor: SessionUser | null, entity: AdminEntity, id: number) {
  assertAdmin(actor);
  const result = await adminMutation(deps.db, actor, async (tx, admin) => {
    const row = await repo.findContentRow(tx, entity.table, id, true);
    if (!row) throw AppError.notFound('admin.errors.not_found');
    entity.guardDelete?.(row);
    const before = await viewOf(tx, deps, entity, row);
    if (entity.inUse && (await entity.inUse(tx, row))) {
      if (!entity.activeColumn) throw AppError.conflict('admin.errors.in_use');
      await repo.updateContentRow(tx, entity.table, id, { [entity.activeColumn]: false });
      await recordAudit(tx, admin, {
        action: `${entity.audit}.deactivate`,
        entity: entity.audit,
        entityId: id,
        label: entity.label(row),
        before: { is_active: row[entity.activeColumn] },
        after: { is_active: false },
      });
      return { outcome: 'switched_off' as const, image: null };
    }
    await repo.deleteContentRow(tx, entity.table, id);
    await recordAudit(tx, admin, {
      action: `${entity.audit}.delete`,
      entity: entity.audit,
      entityId: id,
      label: entity.label(row),
      before,
      after: null,
    });
    return { outcome: 'deleted' as const, image: (row['image'] as ImageRecord | null | undefined) ?? null };
  });
  await deleteMedia(deps.storage, result.image);
  entity.changed?.(deps.db);
  return { id, outcome: result.outcome };
}
