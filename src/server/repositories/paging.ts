/** Runs a page query and its count together: `{ rows, total }` for the paged list replies. */
export async function withTotal<T>(
  rows: PromiseLike<T[]>,
  count: PromiseLike<{ value: number }[]>,
): Promise<{ rows: T[]; total: number }> {
  const [page, [total]] = await Promise.all([rows, count]);
  return { rows: page, total: total?.value ?? 0 };
}
