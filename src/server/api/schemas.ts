import { z } from '@hono/zod-openapi';

/** `offset`/`limit` as the spec's list calls take them; limits are capped so a client cannot ask for everything. */
export const paginationQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Flags arrive as 1/0, true/false or on/off from forms and query strings. */
export const queryFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'on');

export function page<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int(), offset: z.number().int(), limit: z.number().int(), items: z.array(item) });
}
