/**
 * "Empty optional fields are left out of form data" and "the property list call drops empty parameters"
 * (spec section 5). 0 and false are values, not gaps, and are kept.
 */

/** undefined, null, NaN, blank text, an empty list, or an empty file (what a file input with no choice gives). */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return value.size === 0;
  return false;
}

export interface DropEmptyOptions<K> {
  /**
   * Keys always sent, as '' when empty. The property and project update calls send meta_image empty when no
   * file is given: `dropEmpty(values, { keepEmpty: ['meta_image'] })`.
   */
  keepEmpty?: readonly K[];
}

/** A copy of `values` without its empty fields (see isEmptyValue). */
export function dropEmpty<T extends Record<string, unknown>, K extends keyof T & string = never>(
  values: T,
  options: DropEmptyOptions<K> = {},
): Partial<T> & { [P in K]: T[P] | '' } {
  const keep = new Set<string>(options.keepEmpty ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!isEmptyValue(value)) out[key] = value;
    else if (keep.has(key)) out[key] = '';
  }
  for (const key of keep) if (!(key in out)) out[key] = '';
  return out as Partial<T> & { [P in K]: T[P] | '' };
}

/** The property list's parameter filters ({parameter_id, value}) without those that have no value. */
export function dropEmptyParameters<P extends { parameter_id: number | string; value?: unknown }>(
  list: readonly P[],
): P[] {
  return list.filter((p) => !isEmptyValue(p.value));
}
