import { AppError, type FieldErrors } from './errors.ts';

/**
 * PostgreSQL's text and jsonb cannot hold NUL (U+0000): a value carrying one fails in the database. The ways in
 * refuse it first as bad input (the API's URL and bodies, the pages' URL and form posts, src/middleware.ts), and
 * `asAppError` answers the database's own refusal as bad input for anything that gets past them.
 */
const NUL_MESSAGE = 'validation.nul_character';

const hasNul = (text: string) => text.includes('\u0000');

/** The texts of `value` (nested lists and objects, keys too) that hold NUL, named by their path as zod names fields. */
function nulFields(value: unknown, path: readonly string[] = [], fields: FieldErrors = {}): FieldErrors {
  const name = path.join('.') || '_';
  if (typeof value === 'string') {
    if (hasNul(value)) fields[name] = [NUL_MESSAGE];
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulFields(item, [...path, String(i)], fields));
  } else if (typeof value === 'object' && value !== null && !(value instanceof Blob)) {
    for (const [key, item] of Object.entries(value)) {
      if (hasNul(key)) fields[name] = [NUL_MESSAGE];
      else nulFields(item, [...path, key], fields);
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
