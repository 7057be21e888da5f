import { z } from '@hono/zod-openapi';
import { imageReply } from '../common/contract.ts';

export const propertyType = z.enum(['sell', 'rent']);
export const rentDuration = z.enum(['daily', 'monthly', 'quarterly', 'yearly']).nullable();
export const categoryRef = z.object({ id: z.number(), name: z.string(), slug: z.string() });

/** What cards and the detail both say of a listing's key facts, read from its parameters (src/lib/listing-facts.ts). */
export const keyFacts = {
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  area: z.object({ value: z.number(), unit: z.string() }).nullable().openapi({
    description: 'From the parameter named as the area; unit as the area converter names it (sq_ft, sq_m)',
  }),
  price_per_area_label: z.string().nullable().openapi({ description: 'Sales only, as a whole amount' }),
};

export const propertyCard = z
  .object({
    id: z.number(),
    slug_id: z.string(),
    title: z.string(),
    price: z.number(),
    price_label: z.string(),
    property_type: propertyType,
    rentduration: rentDuration,
    city: z.string(),
    state: z.string(),
    country: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    title_image: imageReply,
    category: categoryRef.nullable(),
    is_premium: z.boolean(),
    promoted: z.boolean(),
    total_views: z.number(),
    total_likes: z.number(),
    created_at: z.string(),
    ...keyFacts,
    photo_count: z.number(),
    owner_verified: z.boolean(),
    is_favourite: z.boolean(),
    is_interested: z.boolean(),
  })
  .openapi('PropertyCard');
export type PropertyCardReply = z.output<typeof propertyCard>;

/** Who offers a listing or a project, as its page shows them; their contact details only to signed-in callers. */
export const ownerCard = z
  .object({
    id: z.number(),
    name: z.string(),
    slug_id: z.string(),
    profile: imageReply,
    type: z.enum(['user', 'agent', 'admin']),
    is_verified: z.boolean(),
    email: z.string().nullable().openapi({ description: 'Signed-in callers only' }),
    mobile: z.string().nullable().openapi({ description: 'Signed-in callers only' }),
  })
  .openapi('OwnerCard');
