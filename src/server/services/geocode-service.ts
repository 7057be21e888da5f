import { AppError } from '../errors.ts';
import { nearestPlace, searchPlaces, type Place } from '../geo/places.ts';

/**
 * Reverse geocoding and place search for the location picker and API clients, answered offline from the shipped
 * gazetteer (src/server/geo/places.ts). With a Google Maps key the picker asks Google's geocoder in the browser
 * instead (spec section 7); this endpoint stays keyless so it works on every install.
 */
export async function reverseGeocode(point: { latitude: number; longitude: number }): Promise<Place> {
  const place = await nearestPlace(point.latitude, point.longitude);
  if (!place) throw AppError.notFound('location.no_place');
  // The point asked about, not the city's centre: the listing sits where the owner clicked.
  return { ...place, latitude: point.latitude, longitude: point.longitude };
}

/** Forward search: places whose name starts with the text, best first. */
export function findPlaces(text: string, limit: number): Promise<Place[]> {
  return searchPlaces(text, limit);
}
