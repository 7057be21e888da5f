import { AppError, type FieldErrors } from './errors.ts';

/**
 * PostgreSQL's text and jsonb cannot hold NUL (U+0000): a value carrying one fails in the database. The ways in
 * refuse it first as bad input (the API's URL and bodies, the pages' URL and form posts, src/middleware.ts), and
 * `asAppError` answers the database's own refusal as bad input for anything that gets past them.
 */
const NUL_MESSAGE = 'validation.nul_character';

const hasNul = (text: string) => text.includes('\u0000');

/** Where a value sits in the one walked: its key and its container's place (null for the value itself). */
type Place = { key: string; in: Place | null } | null;

/** A place named as zod names fields (`links.1.deep`), `_` for the value itself. */
function nameOf(place: Place): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.in) keys.push(at.key);
  return keys.reverse().join('.') || '_';
}

/**
 * The texts of `value` (nested lists and objects, keys too) that hold NUL, named by their path as zod names fields.
 * A walk without recursion, each value linked to its container rather than given a copy of its path, so no nesting a
 * client sends can overflow the stack or take time out of proportion to its size (bodies are also refused past
 * MAX_INPUT_DEPTH, src/server/input-depth.ts, before this looks at them).
 */
function nulFields(value: unknown): FieldErrors {
  const fields: FieldErrors = {};
  const pending: [unknown, Place][] = [[value, null]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, place] = next;
    if (typeof item === 'string') {
      if (hasNul(item)) fields[nameOf(place)] = [NUL_MESSAGE];
    } else if (typeof item === 'object' && item !== null && !(item instanceof Blob)) {
      for (const [key, child] of Object.entries(item)) {
        if (hasNul(key)) fields[nameOf(place)] = [NUL_MESSAGE];
        else pending.push([child, { key, in: place }]);
      }
    }
  }
  return fields;
}

/** Whether any text in `value` holds NUL. */
export const holdsNul = (value: unknown) => Object.keys(nulFields(value)).length > 0;

/** Refuses input holding NUL anywhere: 422 with a message for each field that does. */
export function refuseNul(value: unknown): void {
  const fields = nulFields(value);
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);
}

/** `%00` in a URL's path (the URL parser escapes a raw NUL, so this is the only way one arrives there). */
export const pathHasNul = (url: URL) => url.pathname.includes('%00');

/** The query parameters that hold NUL, for `refuseNul` (every value of a repeated one is looked at). */
export const queryWithNul = (url: URL): Record<string, string> =>
  Object.fromEntries([...url.searchParams].filter(([name, value]) => hasNul(name) || hasNul(value)));
