import { z } from 'zod';
import { claimUniqueSlug, slugify } from '../../lib/slug.ts';
import type { Nested, NestedValue } from '../platform/form-fields.ts';
import { AppError, isUniqueViolation } from '../errors.ts';

/*
 * Reading the posting forms that properties and projects share: text apart from files, lists of files, removal
 * lists, titled file rows (floors, plans), unique slugs and the SEO fields of an edit.
 */

/** A removal list of an edit as a body documents it: one value or several (indexes, keys or ids). */
export const removalField = (what: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe(what);

/** The media an edit of a property or a project takes away, as its body documents them. */
export const mediaRemovalFields = {
  remove_gallery_images: removalField('Gallery images to take away: indexes, or the keys the reply gives'),
  remove_documents: removalField('Documents to take away: indexes, or the keys the reply gives'),
  remove_meta_image: z.enum(['0', '1']).optional().describe('1 takes the share image away'),
};

export const asFile = (value: NestedValue | undefined): File | null =>
  value instanceof File && value.size > 0 ? value : null;

export const asFiles = (value: NestedValue | undefined): File[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is File => v instanceof File && v.size > 0,
  );

/**
 * Form text only (files are taken apart): what the zod schema reads. `prepare` adjusts the fields of one kind of
 * listing (aliases, rows to skip) before empty optional fields are left out: '' means "not given" (spec section 5).
 */
export function formText(body: Nested, prepare?: (fields: Record<string, unknown>) => void): Record<string, unknown> {
  const strip = (value: NestedValue): unknown => {
    if (value instanceof File) return undefined;
    if (Array.isArray(value)) return value.map(strip).filter((v) => v !== undefined);
    // JSON bodies may carry null where forms cannot: it means "not given".
    if (value === null) return undefined;
    if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)]));
    return value;
  };
  const fields = strip(body) as Record<string, unknown>;
  prepare?.(fields);
  // White space alone is as empty as nothing (a field someone cleared with the space bar).
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => !(typeof v === 'string' && v.trim() === '')));
}

/**
 * The text fields an edit sends empty (blank or white space only), by name: an edit form sends every field it
 * shows, so an empty one is a field the owner cleared, while a field left out of the post stays as it is
 * (docs/decisions/034). Only top-level text counts; files sent empty mean "no new file".
 */
export function clearedFields(body: Nested): Set<string> {
  return new Set(
    Object.entries(body)
      .filter(([, value]) => typeof value === 'string' && value.trim() === '')
      .map(([name]) => name),
  );
}

/**
 * What an edit leaves a listing or project with, before it is validated whole: the saved values less those the
 * edit sent empty (clearedFields), overlaid with those it sent (docs/decisions/034).
 */
export const editedValues = (
  saved: Record<string, unknown>,
  sent: Record<string, unknown>,
  cleared: ReadonlySet<string>,
) => ({
  ...Object.fromEntries(Object.entries(saved).filter(([name]) => !cleared.has(name))),
  ...Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)),
});

/** A checkbox the forms post as "1" (the spec's clients may send "true"). */
export const isTicked = (value: NestedValue | undefined) => ['1', 'true'].includes(String(value ?? ''));

/** A listing slug from the wanted text (slug_id or the title): the spec's slug rules, then the first free one. */
export function claimListingSlug(
  wanted: string,
  fallback: string,
  isTaken: (candidate: string) => Promise<boolean>,
): Promise<string> {
  return claimUniqueSlug(slugify(wanted) || fallback, isTaken);
}

/**
 * Saves a new listing under a slug claimed beforehand. Two listings posted at once with the same title claim the
 * same free slug; the one whose insert then clashes is saved again under the next free slug (a unique violation
 * rolls its whole transaction back, so `save` runs from the start).
 */
export async function saveUnderFreeSlug<T>(
  claim: () => Promise<string>,
  save: (slug: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const slug = await claim();
    try {
      return await save(slug);
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** Indexes, keys or ids of media to remove, as a list or a comma-separated string. */
export function removalList(value: NestedValue | undefined): string[] {
  if (value === undefined || value instanceof File) return [];
  const list = Array.isArray(value) ? value : String(value).split(',');
  return list
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter(Boolean);
}
export const removes = (list: string[], index: number, key: string) =>
  list.includes(String(index)) || list.includes(key);
/** Saved rows (floors, plans) to remove, by id: remove_floors / remove_plans. */
export const removedIds = (value: NestedValue | undefined): Set<number> =>
  new Set(
    removalList(value)
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
  );

/** One row of a titled file list: the new file stored, or the one the row keeps. */
export interface TitledFile<T> {
  /** The id of the saved row the entry keeps (when it names one that may be kept). */
  id: number | null;
  title: string;
  file: T;
  index: number;
}

/**
 * Titled file rows such as floors (`floors[i][title]`, `floors[i][image]`) and project plans (`plans[i][title]`,
 * `plans[i][document]`): each needs a title and a file, a new one or the one of the saved row it names by id
 * (`keep`). A blank row is skipped, since forms always offer one more, and so is a row naming an id in `removed`
 * (an edit form sends a saved row beside its ticked Remove box) unless it brings a new file, which then makes a new
 * row; a half-filled one is refused with `incomplete` under `<field>.<index>` (the current row must be filled
 * before another).
 */
export async function readTitledFiles<T>(
  value: NestedValue | undefined,
  rule: { field: string; fileKey: string; max: number; incomplete: string },
  store: (file: File, field: string) => Promise<T>,
  keep: ReadonlyMap<number, T | null> = new Map(),
  removed: ReadonlySet<number> = new Set(),
): Promise<TitledFile<T>[]> {
  const raw = Array.isArray(value) ? value : [];
  if (raw.length > rule.max) throw AppError.validation({ [rule.field]: ['validation.too_many_files'] });
  const rows: TitledFile<T>[] = [];
  for (const [index, entry] of raw.entries()) {
    if (typeof entry !== 'object' || entry instanceof File || Array.isArray(entry)) continue;
    const id = Number(entry['id']);
    const upload = asFile(entry[rule.fileKey]);
    if (removed.has(id) && !upload) continue;
    const title = typeof entry['title'] === 'string' ? entry['title'].trim().slice(0, 120) : '';
    const existing = keep.get(id);
    if (!title && !upload && !existing) continue;
    const file = upload ? await store(upload, `${rule.field}.${index}.${rule.fileKey}`) : (existing ?? null);
    if (!title || !file) throw AppError.validation({ [`${rule.field}.${index}`]: [rule.incomplete] });
    rows.push({ id: keep.has(id) ? id : null, title, file, index });
  }
  return rows;
}

/**
 * An optional text column's new value in an edit: the text sent, null when the field was sent empty (cleared),
 * or undefined (left as it is) when it was not sent.
 */
export function optionalText<T>(
  value: T | undefined,
  name: string,
  cleared: ReadonlySet<string>,
): T | null | undefined {
  if (cleared.has(name)) return null;
  return value === undefined ? undefined : value;
}

/** The SEO text fields an edit sends, as column values: cleared ones become null; fields not sent stay as they are. */
export function metaPatch(
  partial: {
    meta_title?: string | null | undefined;
    meta_description?: string | null | undefined;
    meta_keywords?: string | null | undefined;
  },
  cleared: ReadonlySet<string> = new Set(),
) {
  const patch: { metaTitle?: string | null; metaDescription?: string | null; metaKeywords?: string | null } = {};
  const title = optionalText(partial.meta_title, 'meta_title', cleared);
  const description = optionalText(partial.meta_description, 'meta_description', cleared);
  const keywords = optionalText(partial.meta_keywords, 'meta_keywords', cleared);
  if (title !== undefined) patch.metaTitle = title;
  if (description !== undefined) patch.metaDescription = description || null;
  if (keywords !== undefined) patch.metaKeywords = keywords;
  return patch;
}
