/** Runs a page query and its count together: `{ rows, total }` for the paged list replies. */
export async function withTotal<T>(
  rows: PromiseLike<T[]>,
  count: PromiseLike<{ value: number }[]>,
): Promise<{ rows: T[]; total: number }> {
  const [page, [total]] = await Promise.all([rows, count]);
  return { rows: page, total: total?.value ?? 0 };
}

/**
 * Public listing searches count at most this many matches: fifty pages of twenty, "1,000+" on the page. Counting
 * every one of a million matches reads them all, and no visitor pages that far (the big portals stop at about a
 * thousand results too).
 */
export const COUNT_CAP = 1000;

/**
 * Searches for words count at most this many: "200+" on the page. A count tests the words on every row it reads
 * until the cap is passed, so counting to 1,000 was most of what a common word cost under load (a word in a fifth of
 * the listings: about 3,500 rows read per request at 1M, where the page itself reads about 70; docs/decisions/037).
 */
export const WORD_SEARCH_COUNT_CAP = 200;

/** How far to count for a page: the cap, or just past the page itself when someone pages deeper than the cap. */
export const countCap = (page: { offset: number; limit: number }, cap = COUNT_CAP) =>
  Math.max(cap, page.offset + page.limit);

/**
 * Like `withTotal`, for a count of at most `cap + 1` matches (a `limit` inside the counted subquery): `total` is
 * never more than `cap`, and `totalCapped` says that more match.
 */
export async function withCappedTotal<T>(
  rows: PromiseLike<T[]>,
  count: PromiseLike<{ value: number }[]>,
  cap: number,
): Promise<{ rows: T[]; total: number; totalCapped: boolean }> {
  const { rows: page, total } = await withTotal(rows, count);
  return { rows: page, ...cappedTotal(total, cap) };
}

/** A count of at most `cap + 1` matches as the lists report it: at most `cap`, and whether more match. */
export const cappedTotal = (total: number, cap: number) => ({ total: Math.min(total, cap), totalCapped: total > cap });
