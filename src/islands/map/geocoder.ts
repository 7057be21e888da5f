/// <reference types="google.maps" />
import type { MapProvider, PlaceData } from '../../lib/map-data.ts';

/**
 * Where the location picker turns clicks into addresses and names into places: the site's offline geocoder
 * (/api/reverse-geocode, /api/search-places) by default, Google's geocoder when the map is Google's (spec
 * section 7: city = locality, state = administrative area level 1, country, formatted_address).
 */
export interface Geocoder {
  /** The place at a point; null when there is none (no town within 100 km: the sea). */
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
    const response = await fetch(`/api/reverse-geocode?${query}`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    const body = (await response.json().catch(() => null)) as { error?: boolean; data?: PlaceData | null } | null;
    if (!response.ok || !body || body.error || body.data === undefined)
      throw new Error(`reverse geocoding failed (${response.status})`);
    return body.data;
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
  // Google rejects a request that found nothing; finding nothing is an answer here.
  const results = (request: google.maps.GeocoderRequest) =>
    geocoder.geocode(request).then(
      (reply) => reply.results,
      (error: unknown) => {
        if ((error as { code?: string } | null)?.code === 'ZERO_RESULTS') return [];
        throw error;
      },
    );
  return {
    async reverse(latitude, longitude) {
      const first = (await results({ location: { lat: latitude, lng: longitude } }))[0];
      return first ? { ...placeFromGoogle(first), latitude, longitude } : null;
    },
    async search(text) {
      return (await results({ address: text })).slice(0, 8).map(placeFromGoogle);
    },
  };
}

export function geocoderFor(provider: MapProvider): Geocoder {
  return provider.kind === 'google' ? googleGeocoder() : offlineGeocoder;
}
