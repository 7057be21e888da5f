import { z } from 'zod';
import { recordId } from '../../lib/validation/ids.ts';
import { offsetPaging } from '../paging.ts';

/*
 * The filters of the console's lists as query strings send them, for the API and the console pages alike. Empty
 * means absent (a form's "any" choice, a search box left empty); anything else must be a value the list takes, or
 * the call is refused (422) with a message on that field: an unknown state or a malformed number is never dropped
 * silently, so nobody reads an unfiltered list believing it filtered. What these schemas give back reads the same
 * when parsed again, so a route checks the query (documenting it in /api/openapi.json) and hands the result to the
 * service, which checks again for the console pages that call it directly.
 */

/** '' (and blank text) is "not given". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Free text (a search, a city): trimmed, at most `max` characters. */
export const listText = (max: number) => z.preprocess(blank, z.string().trim().max(max).optional());

/** One of `values`; `fallback` when not given (or nothing: no filter). */
export function listChoice<const T extends readonly [string, ...string[]]>(values: T): z.ZodType<T[number] | undefined>;
export function listChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
): z.ZodType<T[number]>;
export function listChoice<const T extends readonly [string, ...string[]]>(values: T, fallback?: T[number]) {
  const choice = z.enum(values);
  return z.preprocess(blank, fallback === undefined ? choice.optional() : choice.default(fallback));
}

/** A record's id as a filter (a category): a whole number in the id range. */
export const listId = () => z.preprocess(blank, recordId().optional());

/** `offset` and `limit` of a console list, by the API's one paging rule (src/server/paging.ts). */
export const listPaging = (defaultLimit = 20) => offsetPaging({ limit: defaultLimit });
