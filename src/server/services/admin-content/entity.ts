import { z } from 'zod';
import type { ServerDeps } from '../../platform/deps.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { ImageRecord } from '../../db/schema/media-types.ts';
import { AppError } from '../../errors.ts';
import {
  valueTaken,
  type ContentColumn,
  type ContentOrder,
  type ContentRow,
  type ContentTable,
} from '../../repositories/admin-content-repository.ts';
import { FALLBACK_SLUG, slugify, uniqueSlug } from '../../../lib/slug.ts';
import { MAX_ID } from '../../../lib/validation/ids.ts';
import { validationMessages as m } from '../../../lib/validation/messages.ts';
import type { MediaBatch } from '../listing-media-batch.ts';

export type FieldKind =
  'text' | 'textarea' | 'richtext' | 'number' | 'checkbox' | 'select' | 'checklist' | 'lines' | 'file' | 'names';

/**
 * One field of an entity's form and API body. Labels are `admin.fields.<label ?? name>`. A `names` field is the
 * row's name in the site's other languages: a JSON object by language code, in a form one text box per language
 * (`names.ar`), its choices the languages (docs/decisions/044).
 */
export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required?: boolean;
  label?: string;
  /** Fixed choices of a select (labels `<choiceLabels>.<value>`), or loaded ones (see AdminEntity.choices). */
  choices?: readonly string[];
  choiceLabels?: string;
  accept?: string;
  /** Translation keys passed to the label (`{{feature}}` of a package limit). */
  labelArgs?: Record<string, string>;
  /** Shows `admin.hints.<name>` under the field. */
  hint?: boolean;
  /** Shown as a column of the list. */
  column?: boolean;
}

export type Deps = Pick<ServerDeps, 'db' | 'storage'>;

export interface SaveContext {
  tx: Executor;
  deps: Deps;
  media: MediaBatch;
  files: Record<string, File>;
  /** The row being edited; null when creating. */
  current: ContentRow | null;
}

/**
 * A kind of thing the console lists and edits. The generic service (admin-content-service.ts) and the two pages
 * under /admin/content do the rest: listing with search and paging, the guarded write, the audit row.
 */
export interface AdminEntity<Values = Record<string, unknown>> {
  /** URL segment and translation key: /admin/content/<name>, /api/admin/<name>. */
  name: string;
  /** The audit log's entity name. */
  audit: string;
  /** What the audit log calls a row (its name or title), kept there after the row is renamed or deleted. */
  label(row: ContentRow): string;
  table: ContentTable;
  search: ContentColumn[];
  orderBy: ContentOrder[];
  fields: FieldSpec[];
  /** Reads the submitted form or JSON (merged over the current values when editing). */
  schema: z.ZodType<Values>;
  /** The columns to write, after the checks that need the database (unique slugs, stored files). */
  toColumns(values: Values, ctx: SaveContext): Promise<Record<string, unknown>>;
  /** The reply and the form's values: field names as in `fields` (files shown as their public form). */
  view(row: ContentRow, links: Record<string, unknown>, deps: Deps): Record<string, unknown>;
  /** Linked rows kept beside the row (a category's parameters, a package's features). */
  links?: {
    load(db: Executor, id: number): Promise<Record<string, unknown>>;
    save(tx: Executor, id: number, values: Values): Promise<void>;
  };
  /** Loaded choices of select and checklist fields, by field name. */
  choices?(db: Database): Promise<Record<string, { value: string; label: string }[]>>;
  /** Rows others point at: deactivated (when `activeColumn` is set) or refused, never deleted. */
  inUse?(db: Executor, row: ContentRow): Promise<boolean>;
  activeColumn?: string;
  /** What the console's form for a new row starts with, beyond being switched on. */
  newDefaults?: Record<string, unknown>;
  /** Refuses a delete for a reason of the entity's own (the default language). */
  guardDelete?(row: ContentRow): void;
  /** Runs after a committed change (caches to drop). */
  changed?(db: Database): void;
}

/** Builds an entity with its values typed by its schema. */
export const defineEntity = <Values>(entity: AdminEntity<Values>) => entity as unknown as AdminEntity;

/** The `label` of an entity whose rows are named by one column (by its key in a row: `name`, `title`). */
export const labelFrom =
  (key: string) =>
  (row: ContentRow): string =>
    String(row[key] ?? '');

/* Shared readers for form strings and JSON values. */
export const flag = z
  .union([
    z.boolean(),
    z.enum(['1', '0', 'true', 'false', 'on', 'off', '']).transform((v) => v === '1' || v === 'true' || v === 'on'),
  ])
  .default(false);
/** Rows are created switched on unless the form or call says otherwise (a form's unticked box sends "0"). */
export const activeFlag = flag.unwrap().default(true);
export const name = (max = 120) =>
  z.string({ error: m.required }).trim().min(1, m.required).max(max, 'admin.errors.too_long');
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, 'admin.errors.too_long')
    .nullish()
    .transform((v) => v || null);
export const order = z.coerce
  .number({ error: 'admin.errors.number' })
  .int('admin.errors.number')
  .min(0)
  .max(100_000)
  .default(0);
/** A list typed one a line in a form, or sent as a JSON array. */
export const lines = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(/\r?\n/)).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(200, 'admin.errors.too_long')).max(100, 'admin.errors.too_many'))
  .default([]);
/** Ids from a checklist (one value or several) or a JSON array. */
export const idList = z
  .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()])
  .transform((v) => (Array.isArray(v) ? v : [v]).filter((x) => x !== '').map(Number))
  .pipe(z.array(z.number().int().positive().max(MAX_ID)).max(200))
  .default([]);
/** A language's code: "en", "ar", "pt-BR". */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** A name in other languages, by language code; a blank one is left out (the default language's name shows). */
export const translatedNames = (max = 120) =>
  z
    .record(
      z.string().regex(LANGUAGE_CODE, 'admin.errors.language'),
      z.string().trim().max(max, 'admin.errors.too_long').nullish(),
    )
    .nullish()
    .transform((names) =>
      Object.fromEntries(Object.entries(names ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]))),
    )
    .refine((names) => Object.keys(names).length <= 50, 'admin.errors.too_many');
export const NAMES_SPEC: FieldSpec = { name: 'names', kind: 'names' };

export const slugInput = z
  .string()
  .trim()
  .max(120, 'admin.errors.too_long')
  .regex(/^[\p{L}\p{M}\p{N}-]*$/u, 'admin.errors.slug')
  .nullish()
  .transform((v) => v || null);
export const metaFields = {
  meta_title: optionalText(60),
  meta_description: optionalText(160),
  meta_keywords: optionalText(300),
};
export const META_SPECS: FieldSpec[] = [
  { name: 'meta_title', kind: 'text' },
  { name: 'meta_description', kind: 'textarea' },
  { name: 'meta_keywords', kind: 'text' },
];

/**
 * The slug to store: the one typed (refused if another row holds it) or one made from the name, with -2, -3...
 * added until it is free.
 */
export async function slugFor(
  ctx: SaveContext,
  table: ContentTable & { slug: ContentColumn },
  typed: string | null,
  from: string,
): Promise<string> {
  const exceptId = ctx.current?.id ?? null;
  if (typed) {
    if (await valueTaken(ctx.tx, table, table.slug, typed, exceptId))
      throw AppError.validation({ slug: ['admin.errors.slug_taken'] });
    return typed;
  }
  if (ctx.current && typeof ctx.current['slug'] === 'string' && ctx.current['name'] === from)
    return ctx.current['slug'];
  let candidate = uniqueSlug(slugify(from), () => false);
  for (let n = 2; await valueTaken(ctx.tx, table, table.slug, candidate, exceptId); n++)
    candidate = `${slugify(from) || FALLBACK_SLUG}-${n}`;
  return candidate;
}

/** A newly uploaded image for `field` (checked by content and re-encoded like listing photos), or the current one. */
export async function imageFor(ctx: SaveContext, field = 'image'): Promise<ImageRecord | null> {
  const file = ctx.files[field];
  if (file) return ctx.media.image(file, field);
  return (ctx.current?.[field] as ImageRecord | null | undefined) ?? null;
}

export const imageSpec: FieldSpec = { name: 'image', kind: 'file', accept: 'image/jpeg,image/png,image/webp' };
