import type { Executor } from '../db/client.ts';
import { validationMessages as m } from '../../lib/validation/messages.ts';
import { AppError } from '../errors.ts';
import { nearestPlace, placeKey, searchPlaces, type Place } from '../geo/places.ts';
import { findCityCentre } from '../repositories/catalog-repository.ts';

/**
 * Reverse geocoding and place search for the location picker and API clients, answered offline from the shipped
 * gazetteer (src/server/geo/places.ts). With a Google Maps key the picker asks Google's geocoder in the browser
 * instead (spec section 7); this endpoint stays keyless so it works on every install.
 */
export async function reverseGeocode(point: { latitude: number; longitude: number }): Promise<Place | null> {
  const place = await nearestPlace(point.latitude, point.longitude);
  // No town within REVERSE_MAX_KM (the open sea): nothing to name, which is an answer, not a failure.
  if (!place) return null;
  // The point asked about, not the city's centre: the listing sits where the owner clicked.
  return { ...place, latitude: point.latitude, longitude: point.longitude };
}

/** Forward search: places whose name starts with the text, best first. */
export function findPlaces(text: string, limit: number): Promise<Place[]> {
  return searchPlaces(text, limit);
}

/**
 * The centre of a named place, for a listing whose form gave the city, state and country but no point (a form
 * without JavaScript has no map to click, docs/decisions/034): the site's own city of that name first (the admin
 * set its point), else the gazetteer's city of that name in that country, in that state when the state matches.
 * Null when neither knows the place.
 */
export async function placeCentre(
  db: Executor,
  place: { city: string; state: string; country: string },
): Promise<{ latitude: number; longitude: number } | null> {
  const own = await findCityCentre(db, place);
  if (own) return own;
  const city = placeKey(place.city);
  const country = placeKey(place.country);
  const state = placeKey(place.state);
  if (!city || !country) return null;
  // The gazetteer's state names differ from everyday ones ("Lisbon District"): the state narrows the search
  // only when it matches, and the country must.
  const found = await searchPlaces(`${place.city}, ${place.country}`, 50);
  const sameCity = found.filter((p) => placeKey(p.city) === city && placeKey(p.country) === country);
  const best =
    sameCity.find((p) => placeKey(p.state) === state) ??
    sameCity.find((p) => placeKey(p.state).startsWith(state) || state.startsWith(placeKey(p.state))) ??
    sameCity[0];
  return best ? { latitude: best.latitude, longitude: best.longitude } : null;
}

/**
 * A listing's point: the coordinates given, else the centre of its place (placeCentre). A field error on the
 * coordinates when the place is not known, asking for them.
 */
export async function listingPoint(
  db: Executor,
  input: {
    city: string;
    state: string;
    country: string;
    latitude?: number | undefined;
    longitude?: number | undefined;
  },
): Promise<{ latitude: number; longitude: number }> {
  if (input.latitude !== undefined && input.longitude !== undefined)
    return { latitude: input.latitude, longitude: input.longitude };
  const centre = await placeCentre(db, input);
  if (!centre) throw AppError.validation({ latitude: [m.placeNotFound], longitude: [m.placeNotFound] });
  return centre;
}

/** A place compared as typed: case and surrounding spaces aside. */
const samePlace = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

type PlacedPoint = {
  city: string;
  state: string;
  country: string;
  latitude?: number | undefined;
  longitude?: number | undefined;
};

/**
 * The point of an edited listing or project: the coordinates given or kept, cleared ones becoming the place's
 * centre (listingPoint). When the place changes and the coordinates are the saved ones (a form without the map sends
 * back those it showed), they belong to the old place: the new place's centre replaces them when it is known.
 */
export async function editedListingPoint(
  db: Executor,
  saved: { city: string; state: string; country: string; latitude: number | null; longitude: number | null },
  edited: PlacedPoint,
) {
  const moved =
    !samePlace(edited.city, saved.city) ||
    !samePlace(edited.state, saved.state) ||
    !samePlace(edited.country, saved.country);
  if (moved && edited.latitude === saved.latitude && edited.longitude === saved.longitude) {
    const centre = await placeCentre(db, edited);
    if (centre) return centre;
  }
  return listingPoint(db, edited);
}
