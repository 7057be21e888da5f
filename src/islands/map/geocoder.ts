/// <reference types="google.maps" />
import type { MapProvider, PlaceData } from './types.ts';

/**
 * Where the location picker turns clicks into addresses and names into places: the site's offline geocoder
 * (/api/reverse-geocode, /api/search-places) by default, Google's geocoder when the map is Google's (spec
 * section 7: city = locality, state = administrative area level 1, country, formatted_address).
 */
export interface Geocoder {
  /** The place at a point; null when there is none (the sea). */
  reverse(latitude: number, longitude: number): Promise<PlaceData | null>;
  search(text: string): Promise<PlaceData[]>;
}

async function getJson<T>(url: string): Promise<{ status: number; data: T | null }> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as { error?: boolean; data?: T } | null;
  return { status: response.status, data: response.ok && body && !body.error ? (body.data ?? null) : null };
}

export const offlineGeocoder: Geocoder = {
  async reverse(latitude, longitude) {
    const query = new URLSearchParams({ latitude: String(latitude), longitude: String(longitude) });
    const { status, data } = await getJson<PlaceData>(`/api/reverse-geocode?${query}`);
    if (status === 404) return null;
    if (!data) throw new Error(`reverse geocoding failed (${status})`);
    return data;
  },
  async search(text) {
    const { status, data } = await getJson<PlaceData[]>(`/api/search-places?${new URLSearchParams({ search: text })}`);
    if (!data) throw new Error(`place search failed (${status})`);
    return data;
  },
};

/** The parts of a Google geocoder result the spec reads. */
export interface GoogleResultLike {
  formatted_address: string;
  address_components: { long_name: string; types: string[] }[];
  geometry: { location: { lat(): number; lng(): number } };
}

/** A Google result as a place: locality (else postal town or level 2), administrative level 1, country. */
export function placeFromGoogle(result: GoogleResultLike): PlaceData {
  const part = (...types: string[]) =>
    types.map((type) => result.address_components.find((c) => c.types.includes(type))?.long_name).find(Boolean) ?? '';
  return {
    city: part('locality', 'postal_town', 'administrative_area_level_2'),
    state: part('administrative_area_level_1'),
    country: part('country'),
    formatted_address: result.formatted_address,
    latitude: result.geometry.location.lat(),
    longitude: result.geometry.location.lng(),
  };
}

/** Google's geocoder (the script is already loaded by the map). */
function googleGeocoder(): Geocoder {
  const maps = (window as unknown as { google: { maps: typeof google.maps } }).google.maps;
  const geocoder = new maps.Geocoder();
  return {
    async reverse(latitude, longitude) {
      const { results } = await geocoder.geocode({ location: { lat: latitude, lng: longitude } });
      const first = results[0];
      return first ? { ...placeFromGoogle(first), latitude, longitude } : null;
    },
    async search(text) {
      const { results } = await geocoder.geocode({ address: text });
      return results.slice(0, 8).map(placeFromGoogle);
    },
  };
}

export function geocoderFor(provider: MapProvider): Geocoder {
  return provider.kind === 'google' ? googleGeocoder() : offlineGeocoder;
}
