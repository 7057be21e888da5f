import { z } from 'zod';
import { keyWithValues } from './validation-messages.ts';

/*
 * The one paging rule of every list the API answers (docs/decisions/042), by offset/limit or by page/per_page:
 * - left out or empty: the default (offset 0, page 1, the call's own page size);
 * - a page size above the call's largest (100 for most lists) is served as the largest: the reply's `limit` (or
 *   `per_page`) says what was used;
 * - anything else that is not a whole number in range (-1, 2.5, abc, an offset past 1,000,000) is refused, 422
 *   with a message on that parameter.
 * Deep pages are refused rather than served: a database reads and skips every row before the offset.
 */

export const MAX_OFFSET = 1_000_000;
/** The last page number: page × per_page stays within MAX_OFFSET. */
export const MAX_PAGE = 10_000;

/**
 * Digits only (query strings are text), however many: a page size of 10^30 is large, not malformed. Numbers pass
 * as they are, for services called with values.
 */
const wholeNumber = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const text = v.trim();
  if (text === '') return undefined;
  return /^\d+$/.test(text) ? Math.min(Number(text), Number.MAX_SAFE_INTEGER) : Number.NaN;
};

function bounded(min: number, max: number, message: string) {
  return z.preprocess(
    wholeNumber,
    z.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );
}

/** A page size: `fallback` when not given, at most `max` (larger asks get `max`). */
function pageSize(fallback: number, max: number) {
  const message = keyWithValues('paging.limit', { max });
  return bounded(1, Number.MAX_SAFE_INTEGER, message)
    .transform((v) => Math.min(v ?? fallback, max))
    .meta({ description: `Rows per page: ${fallback} when left out; more than ${max} gets ${max}.` });
}

/** `offset` and `limit`, as most list calls take them. */
export function offsetPaging({ limit = 20, maxLimit = 100 }: { limit?: number; maxLimit?: number } = {}) {
  return {
    offset: bounded(0, MAX_OFFSET, keyWithValues('paging.offset', { max: MAX_OFFSET }))
      .transform((v) => v ?? 0)
      .meta({ description: `Rows to skip: 0 when left out, at most ${MAX_OFFSET}.` }),
    limit: pageSize(limit, maxLimit),
  };
}

/** `page` (from 1) and `per_page`, as get_messages takes them. */
export function pagePaging({ perPage = 20, maxPerPage = 100 }: { perPage?: number; maxPerPage?: number } = {}) {
  return {
    page: bounded(1, MAX_PAGE, keyWithValues('paging.page', { max: MAX_PAGE }))
      .transform((v) => v ?? 1)
      .meta({ description: `The page, from 1 (when left out) to ${MAX_PAGE}.` }),
    per_page: pageSize(perPage, maxPerPage),
  };
}

/** A count without paging (the nearest cities, places matching a name): a page size alone. */
export const countParam = pageSize;
