import { z } from '@hono/zod-openapi';

/*
 * Reply shapes every feature's calls use. A contract is the one definition of a reply: the route documents it, the
 * service's view is typed by it and the browser reads its type. Browser code imports contracts as types only
 * (`import type`), so zod and the OpenAPI extension never reach a page's scripts (tests/unit/architecture.test.ts).
 */

/** A page of a list: `total` items in all, this page from `offset`, at most `limit` of them. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int(), offset: z.number().int(), limit: z.number().int(), items: z.array(item) });
}

/** Whether more listings match than `total` says: listing searches count at most 1,000 matches past the page. */
export const totalCapped = z
  .boolean()
  .openapi({ description: 'true: more listings match than `total` (counts stop at 1000 beyond the current page)' });

/** A page of public listings: `total` is capped (see `totalCapped`). */
export function listingPage<T extends z.ZodType>(item: T) {
  return page(item).extend({ total_capped: totalCapped });
}

/** A stored image as replies carry it: the original's size and its responsive WebP/AVIF variants. */
export const imageReply = z
  .object({
    url: z.string(),
    width: z.number(),
    height: z.number(),
    variants: z.array(
      z.object({ url: z.string(), width: z.number(), height: z.number(), format: z.enum(['webp', 'avif']) }),
    ),
  })
  .nullable()
  .openapi('Image');
export type ImageReply = z.output<typeof imageReply>;
