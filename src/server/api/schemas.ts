import { z } from '@hono/zod-openapi';
import { offsetPaging } from '../paging.ts';

/** `offset`/`limit` as the spec's list calls take them, by the one paging rule (src/server/paging.ts). */
export const paginationQuery = z.object(offsetPaging());

/** Flags arrive as 1/0, true/false or on/off from forms and query strings. */
export const queryFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''], { error: 'listing.invalid_flag' })
  .transform((v) => v === '1' || v === 'true' || v === 'on')
  .openapi({ type: 'string', enum: ['1', '0', 'true', 'false'] });

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

/** The search-engine fields of a property or a project. */
export const seoMetaReply = {
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  meta_image: imageReply,
};

/** A city with its place and how many public listings it has. */
export const cityReply = z.object({
  id: z.number(),
  name: z.string(),
  state: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  image: imageReply,
  property_count: z.number(),
});
