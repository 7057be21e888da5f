import { AppError } from '../errors.ts';
import { MAX_INPUT_DEPTH, TOO_DEEP } from '../input-depth.ts';

export type FormValue = string | File;
export type Nested = { [key: string]: NestedValue };
export type NestedValue = FormValue | NestedValue[] | Nested;

const MAX_INDEX = 200;

/**
 * Turns form entries with bracket keys into nested values, the way the spec's multipart calls send lists:
 * `parameters[0][parameter_id]=3` -> `{ parameters: [{ parameter_id: '3' }] }`, `gallery_images[]` -> an array.
 * Values (strings or files) are kept as they are; zod schemas coerce them afterwards.
 * A name nesting more than MAX_INPUT_DEPTH levels (the form itself is one) is refused as a bad request.
 */
export function nestFormEntries(entries: Iterable<[string, FormValue]>): Nested {
  const root: Nested = {};
  for (const [rawKey, value] of entries) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    // Indexes past a sane bound are dropped: a hostile form must not make us allocate huge arrays.
    if (path.some((part) => /^\d+$/.test(part) && Number(part) > MAX_INDEX)) continue;
    if (path.length > MAX_INPUT_DEPTH) throw AppError.badRequest(TOO_DEEP);
    assign(root, path, value);
  }
  return root;
}

function assign(container: Nested | NestedValue[], path: string[], value: FormValue): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  const key: string | number = Array.isArray(container) ? (head === '' ? container.length : Number(head)) : head;
  if (Array.isArray(container) && !Number.isInteger(key)) return;
  const slot = (container as Record<string | number, NestedValue | undefined>)[key];
  if (rest.length === 0) {
    if (head === '' && !Array.isArray(container)) return;
    (container as Record<string | number, NestedValue>)[key] = value;
    return;
  }
  const nextIsList = rest[0] === '' || /^\d+$/.test(rest[0]!);
  let child = slot;
  if (typeof child !== 'object' || child === null || child instanceof File) {
    child = nextIsList ? [] : {};
    (container as Record<string | number, NestedValue>)[key] = child;
  }
  assign(child as Nested | NestedValue[], rest, value);
}
