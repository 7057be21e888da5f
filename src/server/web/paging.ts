import { z } from 'zod';

const pageNumber = z.coerce.number().int().min(1).max(10_000).catch(1);

/** The page a list page shows (?page=, 1 when missing or odd) and the rows it covers. */
export function pageOf(url: URL, pageSize: number) {
  const page = pageNumber.parse(url.searchParams.get('page') ?? 1);
  return { page, offset: (page - 1) * pageSize, limit: pageSize };
}

/** A list page's canonical path: page 1 is the plain path, later pages keep their number. */
export const pagedPath = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);
