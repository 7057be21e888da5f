import { z } from 'zod';

const pageNumber = z.coerce.number().int().min(1).max(10_000).catch(1);

/** The page a list page shows: ?page=, 1 when missing or odd. */
export const pageNumberOf = (url: URL) => pageNumber.parse(url.searchParams.get('page') ?? 1);

/** The page a list page shows and the rows it covers. */
export function pageOf(url: URL, pageSize: number) {
  const page = pageNumberOf(url);
  return { page, offset: (page - 1) * pageSize, limit: pageSize };
}

/** A list page's canonical path: page 1 is the plain path, later pages keep their number. */
export const pagedPath = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);

/**
 * A page number past the last page of a list that has rows (`?page=999` of 21): the page answers 404, says so and
 * links to the last page (Pagination.astro) instead of claiming that nothing matches. An exact `total` is needed,
 * and is there: a capped count still counts up to the end of the page asked for (repositories/paging.ts).
 */
export const pastLastPage = (list: { total: number }, offset: number) => list.total > 0 && offset >= list.total;
