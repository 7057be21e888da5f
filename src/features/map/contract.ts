import { z } from '@hono/zod-openapi';
import { totalCapped } from '../common/contract.ts';
import { propertyCard, propertyType } from '../listings/contract.ts';

/** One listing's pin: every match of a map view gets one, up to 1000. */
export const mapMarker = z
  .object({
    id: z.number(),
    slug_id: z.string(),
    title: z.string(),
    price_label: z.string(),
    property_type: propertyType,
    latitude: z.number(),
    longitude: z.number(),
  })
  .openapi('MapMarker');
export type MapMarkerReply = z.output<typeof mapMarker>;

/** The listings of a crowded view's area, counted instead of pinned. */
export const mapCluster = z
  .object({
    listings: z.number().int().openapi({ description: 'How many listings the area holds' }),
    latitude: z.number().openapi({ description: 'Their centre of mass' }),
    longitude: z.number(),
    south: z.number().openapi({ description: "The box of the area's cells: zoom to it to split the count" }),
    west: z.number(),
    north: z.number(),
    east: z.number(),
  })
  .openapi('MapCluster');
export type MapClusterReply = z.output<typeof mapCluster>;

/** A listing card of a map view, with its distance from the point searched around. */
export const mapCard = propertyCard.extend({ distance_km: z.number().nullable() });
export type MapCardReply = z.output<typeof mapCard>;

/** get-properties-in-bounds: one page of cards, and the view's markers or clusters. */
export const mapResult = z.object({
  total: z.number().int(),
  total_capped: totalCapped,
  offset: z.number().int(),
  limit: z.number().int(),
  truncated: z.boolean().openapi({ description: 'More listings match than the 1000 markers sent' }),
  radius_km: z.number().nullable().openapi({ description: 'With latitude/longitude: the circle searched' }),
  items: z.array(mapCard),
  markers: z.array(mapMarker),
  clusters: z.array(mapCluster),
});
export type MapResultReply = z.output<typeof mapResult>;

/** A place as reverse geocoding and place search answer it (what the location picker fills its fields from). */
export const place = z
  .object({
    city: z.string(),
    state: z.string(),
    country: z.string(),
    formatted_address: z.string().openapi({ description: '"City, State, Country" with repeats left out' }),
    latitude: z.number(),
    longitude: z.number(),
  })
  .openapi('Place');
export type PlaceReply = z.output<typeof place>;
