import { z } from '@hono/zod-openapi';
import { imageReply } from '../../features/common/contract.ts';
import { offsetPaging } from '../paging.ts';

/** `offset`/`limit` as the spec's list calls take them, by the one paging rule (src/server/paging.ts). */
export const paginationQuery = z.object(offsetPaging());

/** Flags arrive as 1/0, true/false or on/off from forms and query strings. */
export const queryFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''], { error: 'listing.invalid_flag' })
  .transform((v) => v === '1' || v === 'true' || v === 'on')
  .openapi({ type: 'string', enum: ['1', '0', 'true', 'false'] });

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
