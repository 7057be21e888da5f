import type { ImageReply } from '../features/common/contract.ts';
import type { MapCardReply, MapClusterReply, MapMarkerReply, PlaceReply } from '../features/map/contract.ts';
import type { Bounds, LatLng } from './geo.ts';

/**
 * What the map islands receive and share. The server builds these (src/server/geo/map-provider.ts,
 * src/server/services/map-search-service.ts); they live here because islands may not import server code. What
 * the map's calls answer is their contract's (src/features/map/contract.ts), read here as types only.
 */

/** Which map to draw: Google Maps with a key, else Leaflet with a tile server. */
export type MapProvider =
  | {
      kind: 'leaflet';
      /** `{z}`, `{x}`, `{y}` (and optionally `{s}`) placeholders, as Leaflet takes them. */
      tileUrl: string;
      /** Plain text shown on the map, with a link to the licence. */
      attribution: string;
      attributionUrl: string;
      subdomains: string;
    }
  | { kind: 'google'; apiKey: string };

/** A listing's pin. */
export interface MapMarkerData {
  id: number;
  slug: string;
  title: string;
  priceLabel: string;
  propertyType: 'sell' | 'rent';
  latitude: number;
  longitude: number;
}

/** Listings counted together on a map too full for pins: how many, their centre of mass, their cells' box. */
export type MapClusterData = MapClusterReply;

/** A listing in the list beside the map: just what the card shows. */
export interface MapListItem {
  id: number;
  slug: string;
  title: string;
  priceLabel: string;
  propertyType: 'sell' | 'rent';
  rentDuration: 'daily' | 'monthly' | 'quarterly' | 'yearly' | null;
  place: string;
  category: string | null;
  isFeatured: boolean;
  /** The smallest WebP variant (or the original) and the srcset of the WebP variants. */
  image: { src: string; srcset: string; width: number; height: number } | null;
  latitude: number | null;
  longitude: number | null;
  /** From the `near` point the server searched around, when there is one. */
  distanceKm: number | null;
}

/** A place as reverse geocoding and place search answer it. */
export type PlaceData = PlaceReply;

/** The card image of a stored or API image: smallest WebP first, the WebP widths as srcset. */
export function cardImage(image: ImageReply): MapListItem['image'] {
  if (!image) return null;
  const webp = image.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  return {
    src: webp[0]?.url ?? image.url,
    srcset: webp.map((v) => `${v.url} ${v.width}w`).join(', '),
    width: image.width,
    height: image.height,
  };
}

/** A card of get-properties-in-bounds as a list item. */
export const listItemFromApi = (card: MapCardReply): MapListItem => ({
  id: card.id,
  slug: card.slug_id,
  title: card.title,
  priceLabel: card.price_label,
  propertyType: card.property_type,
  rentDuration: card.rentduration,
  place: [card.city, card.country].filter(Boolean).join(', '),
  category: card.category?.name ?? null,
  isFeatured: card.promoted,
  image: cardImage(card.title_image),
  latitude: card.latitude,
  longitude: card.longitude,
  distanceKm: card.distance_km,
});

/** The marker of get-properties-in-bounds as the map draws it. */
export const markerFromApi = (m: MapMarkerReply): MapMarkerData => ({
  id: m.id,
  slug: m.slug_id,
  title: m.title,
  priceLabel: m.price_label,
  propertyType: m.property_type,
  latitude: m.latitude,
  longitude: m.longitude,
});

export type { Bounds, LatLng };
