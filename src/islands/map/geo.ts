/**
 * Pure map geometry shared by the map islands, the map page and the server's map search (safe for the browser:
 * no server imports). Points are { latitude, longitude } in degrees (WGS 84).
 */

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** An axis-aligned box; `west` <= `east` (boxes across the antimeridian are split by the caller, or clamped). */
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

function pointOf(text: string): LatLng | GeoProblem {
  const parts = text.split(',');
  if (parts.length !== 2) return 'map.invalid_point';
  const latitude = decimal(parts[0]!);
  const longitude = decimal(parts[1]!);
  if (!isLatitude(latitude)) return 'map.invalid_latitude';
  if (!isLongitude(longitude)) return 'map.invalid_longitude';
  return { latitude, longitude };
}

/** `lat,lng` (the `near` parameter) as a point, or the reason it is not one. */
export function parsePoint(text: string): LatLng | GeoProblem {
  return pointOf(text);
}

/**
 * `lat,lng;lat,lng;...` (the `area` parameter) as a polygon, or the reason it is not one. A repeated closing
 * corner (the first point again at the end) is dropped, so both open and closed rings are accepted.
 */
export function parseArea(text: string): LatLng[] | GeoProblem {
  const chunks = text.split(';').filter((c) => c.trim() !== '');
  if (chunks.length > AREA_MAX_POINTS + 1) return 'map.area_points';
  const points: LatLng[] = [];
  for (const chunk of chunks) {
    const point = pointOf(chunk);
    if (typeof point === 'string') return point;
    points.push(point);
  }
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

/** The smallest box around some points. */
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

/** The overlap of two boxes, or null when they do not meet. */
export function intersectBounds(a: Bounds, b: Bounds): Bounds | null {
  const box = {
    south: Math.max(a.south, b.south),
    west: Math.max(a.west, b.west),
    north: Math.min(a.north, b.north),
    east: Math.min(a.east, b.east),
  };
  return box.south <= box.north && box.west <= box.east ? box : null;
}

/** Checks a box's numbers; a map scrolled past the antimeridian is clamped to the world by the caller first. */
export function checkBounds(b: Bounds): GeoProblem | null {
  if (!isLatitude(b.south) || !isLatitude(b.north)) return 'map.invalid_latitude';
  if (!isLongitude(b.west) || !isLongitude(b.east)) return 'map.invalid_longitude';
  if (b.south > b.north || b.west > b.east) return 'map.invalid_bounds';
  return null;
}

/** A map view's box clamped to the world (Leaflet reports longitudes beyond ±180 after panning around it). */
export function clampBounds(b: Bounds): Bounds {
  const lat = (v: number) => Math.max(-90, Math.min(90, v));
  const wide = b.east - b.west >= 360;
  return {
    south: lat(b.south),
    north: lat(b.north),
    west: wide ? -180 : Math.max(-180, b.west),
    east: wide ? 180 : Math.min(180, b.east),
  };
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

/** The box around a circle of `radiusKm` (for a prefilter on the location index), clamped to the world. */
export function boundsAround(center: LatLng, radiusKm: number): Bounds {
  const dLat = radiusKm / 111.32;
  const cos = Math.cos(rad(center.latitude));
  const dLng = cos < 1e-6 ? 180 : radiusKm / (111.32 * cos);
  return clampBounds({
    south: center.latitude - dLat,
    north: center.latitude + dLat,
    west: dLng >= 180 ? -180 : center.longitude - dLng,
    east: dLng >= 180 ? 180 : center.longitude + dLng,
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
