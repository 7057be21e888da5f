/**
 * Pure map geometry shared by the map islands, the map page and the server's map search (safe for the browser:
 * no server imports). Points are { latitude, longitude } in degrees (WGS 84).
 */

export interface LatLng {
  latitude: number;
  longitude: number;
}

/**
 * An axis-aligned box. `west` > `east` is a box across the antimeridian, as a map view of Fiji or the Aleutians is:
 * from `west` eastwards over longitude 180 to `east`, the longitudes [west, 180] and [-180, east].
 */
export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** An area drawn on the map: 3 to 100 corners, the last joined back to the first. */
export const AREA_MIN_POINTS = 3;
export const AREA_MAX_POINTS = 100;

/** Why an `area`, `near` or bounds value was refused: translation keys (map.*) the API and the page show. */
export type GeoProblem =
  | 'map.invalid_area'
  | 'map.area_points'
  | 'map.invalid_latitude'
  | 'map.invalid_longitude'
  | 'map.invalid_point'
  | 'map.invalid_bounds';

export const isLatitude = (v: number) => Number.isFinite(v) && v >= -90 && v <= 90;
export const isLongitude = (v: number) => Number.isFinite(v) && v >= -180 && v <= 180;

/** Only plain decimal numbers: no hex, exponents, Infinity or empty strings that Number() would accept. */
const DECIMAL = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;
const decimal = (text: string) => (DECIMAL.test(text) ? Number(text) : Number.NaN);

function pointOf(text: string, longitudeLimit = 180): LatLng | GeoProblem {
  const parts = text.split(',');
  if (parts.length !== 2) return 'map.invalid_point';
  const latitude = decimal(parts[0]!);
  const longitude = decimal(parts[1]!);
  if (!isLatitude(latitude)) return 'map.invalid_latitude';
  if (!(Math.abs(longitude) <= longitudeLimit)) return 'map.invalid_longitude';
  return { latitude, longitude };
}

/**
 * How far past ±180 an area's corners may run: an area drawn over the antimeridian continues past it (179.2 to
 * 180.8) rather than jumping to the other end of the world, as a map scrolled around the world reports the clicks.
 */
const AREA_LONGITUDE_LIMIT = 540;

/** `lat,lng` (the `near` parameter) as a point, or the reason it is not one. */
export function parsePoint(text: string): LatLng | GeoProblem {
  return pointOf(text);
}

/**
 * `lat,lng;lat,lng;...` (the `area` parameter) as a polygon, or the reason it is not one. A repeated closing
 * corner (the first point again at the end) is dropped, so both open and closed rings are accepted. The corners are
 * joined as given: longitudes past ±180 (up to 540) continue over the antimeridian, so an area across it is written
 * `…,179.2;…,180.8;…`, and its corners must lie within one turn of the world of each other.
 */
export function parseArea(text: string): LatLng[] | GeoProblem {
  const chunks = text.split(';').filter((c) => c.trim() !== '');
  if (chunks.length > AREA_MAX_POINTS + 1) return 'map.area_points';
  const points: LatLng[] = [];
  for (const chunk of chunks) {
    const point = pointOf(chunk, AREA_LONGITUDE_LIMIT);
    if (typeof point === 'string') return point;
    points.push(point);
  }
  const longitudes = points.map((p) => p.longitude);
  if (Math.max(...longitudes) - Math.min(...longitudes) >= 360) return 'map.invalid_area';
  const first = points[0];
  const last = points.at(-1);
  if (points.length > 1 && first && last && first.latitude === last.latitude && first.longitude === last.longitude)
    points.pop();
  if (points.length < AREA_MIN_POINTS || points.length > AREA_MAX_POINTS) return 'map.area_points';
  return points;
}

/** 5 decimals are about a metre: enough for an area drawn by hand, short enough for a shared link. */
const round = (v: number) => String(Math.round(v * 1e5) / 1e5);

export const formatPoint = (p: LatLng) => `${round(p.latitude)},${round(p.longitude)}`;
export const formatArea = (points: readonly LatLng[]) => points.map(formatPoint).join(';');

/** The smallest box around some points whose longitudes run from west to east (an unwrapped area's do). */
export function boundsOf(points: readonly LatLng[]): Bounds {
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const p of points) {
    south = Math.min(south, p.latitude);
    north = Math.max(north, p.latitude);
    west = Math.min(west, p.longitude);
    east = Math.max(east, p.longitude);
  }
  return { south, west, north, east };
}

/**
 * The smallest box around some points on a map that scrolls around the world: across the antimeridian when that is
 * narrower, so listings on both sides of it (Fiji) are shown side by side rather than at the two ends of the world.
 * The box leaves out the widest gap between the points' longitudes, going east.
 */
export function viewAround(points: readonly LatLng[]): Bounds {
  const box = boundsOf(points);
  const longitudes = points.map((p) => p.longitude).sort((a, b) => a - b);
  let gap = 360 - (box.east - box.west);
  for (let i = 1; i < longitudes.length; i++) {
    const [before, after] = [longitudes[i - 1]!, longitudes[i]!];
    if (after - before > gap) {
      gap = after - before;
      box.west = after;
      box.east = before;
    }
  }
  return box;
}

/**
 * An area moved by whole turns of the world so that its first corner lies nearest `reference` (0: within ±180; a map
 * view's centre: on the copy of the world in view). Its corners keep their places relative to each other: an area
 * drawn over the antimeridian has longitudes past ±180 on one side (179.2 to 180.8), as the map reports the clicks.
 */
export function areaNear(points: readonly LatLng[], reference = 0): LatLng[] {
  const first = points[0]?.longitude ?? reference;
  const by = nearestCopy(first, reference) - first;
  return by === 0 ? [...points] : points.map((p) => ({ latitude: p.latitude, longitude: p.longitude + by }));
}

/**
 * The box around an area: across the antimeridian (west > east) when its longitudes run past ±180, whichever copy of
 * the world they are on (its edges wrapped as a map view's are).
 */
export const areaBounds = (points: readonly LatLng[]): Bounds => viewBounds(boundsOf(points));

/** A point's longitude as the same meridian within -180..180 (a click on a map scrolled around the world). */
export const wrapPoint = (p: LatLng): LatLng => ({ latitude: p.latitude, longitude: -wrapLongitude(-p.longitude) });

/** A box's longitudes as ranges from west to east: one, or two for a box across the antimeridian. */
export function longitudeRanges(b: Bounds): [west: number, east: number][] {
  return b.west > b.east
    ? [
        [b.west, 180],
        [-180, b.east],
      ]
    : [[b.west, b.east]];
}

/** Degrees of longitude a box spans. */
const widthOf = (b: Bounds) => (b.west > b.east ? 360 - b.west + b.east : b.east - b.west);

/**
 * A box around the overlap of two boxes, or null when they do not meet. The overlap itself when it is one box (two
 * pieces that meet at the antimeridian are one box across it). A box across the antimeridian can also meet another
 * at both its ends, two pieces apart: the narrower of the two boxes then holds them, which is enough for the
 * callers, who use the box as a prefilter before testing a drawn area or a distance exactly.
 */
export function intersectBounds(a: Bounds, b: Bounds): Bounds | null {
  const south = Math.max(a.south, b.south);
  const north = Math.min(a.north, b.north);
  if (south > north) return null;
  const pieces = longitudeRanges(a)
    .flatMap(([w1, e1]) => longitudeRanges(b).map(([w2, e2]) => [Math.max(w1, w2), Math.min(e1, e2)] as const))
    .filter(([west, east]) => west <= east);
  const [first, second] = pieces;
  if (!first) return null;
  if (!second) return { south, north, west: first[0], east: first[1] };
  if (pieces.length === 2 && first[1] === 180 && second[0] === -180)
    return { south, north, west: first[0], east: second[1] };
  return { ...(widthOf(a) <= widthOf(b) ? a : b), south, north };
}

/** Checks a box's numbers; west > east is a box across the antimeridian, not a mistake. */
export function checkBounds(b: Bounds): GeoProblem | null {
  if (!isLatitude(b.south) || !isLatitude(b.north)) return 'map.invalid_latitude';
  if (!isLongitude(b.west) || !isLongitude(b.east)) return 'map.invalid_longitude';
  if (b.south > b.north) return 'map.invalid_bounds';
  return null;
}

const clampLatitude = (v: number) => Math.max(-90, Math.min(90, v));
/** A longitude moved by whole turns into [-180, 180). */
// A longitude already in range is returned as it is: the modulo would give 179.20000000000005 for 179.2.
const wrapLongitude = (v: number) => (v >= -180 && v < 180 ? v : ((((v + 180) % 360) + 360) % 360) - 180);

/**
 * `value` moved by whole periods (turns of the world: 360°, or the world's width in pixels) to lie nearest
 * `reference`: where a map that scrolls around the world draws a point, on the copy of the world in view.
 */
export const nearestCopy = (value: number, reference: number, period = 360) =>
  value + period * Math.round((reference - value) / period);

/**
 * A map view's box as the API takes it. A map scrolled around the world reports longitudes past ±180; they are
 * wrapped into -180..180, so a view across the antimeridian comes out with west > east. A view as wide as the world
 * or wider is the world; latitudes are clamped to the poles.
 */
export function viewBounds(b: Bounds): Bounds {
  const south = clampLatitude(b.south);
  const north = clampLatitude(b.north);
  if (b.east - b.west >= 360) return { south, north, west: -180, east: 180 };
  // West wraps into [-180, 180) and east into (-180, 180]: a view that ends at the line ends at 180, not at -180.
  return { south, north, west: wrapLongitude(b.west), east: -wrapLongitude(-b.east) };
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The box around a circle of `radiusKm` (for a prefilter on the location index). A circle that reaches over the
 * antimeridian gives a box across it (west > east), so a search near Fiji's 179.9° also finds the listings at
 * -179.9°; nearest first measures the longitudes the short way round too (`nearness` in property-repository.ts).
 */
export function boundsAround(center: LatLng, radiusKm: number): Bounds {
  const dLat = radiusKm / 111.32;
  const cos = Math.cos(rad(center.latitude));
  const dLng = cos < 1e-6 ? 180 : radiusKm / (111.32 * cos);
  // Wrapped as a map view's edges: the world when the circle reaches round it, latitudes clamped to the poles.
  return viewBounds({
    south: center.latitude - dLat,
    north: center.latitude + dLat,
    west: center.longitude - dLng,
    east: center.longitude + dLng,
  });
}

/** Ray casting; used by the browser to tell whether a marker lies in the drawn area before the server answers. */
export function insidePolygon(point: LatLng, polygon: readonly LatLng[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (
      a.latitude > point.latitude !== b.latitude > point.latitude &&
      point.longitude <
        ((b.longitude - a.longitude) * (point.latitude - a.latitude)) / (b.latitude - a.latitude) + a.longitude
    )
      inside = !inside;
  }
  return inside;
}
