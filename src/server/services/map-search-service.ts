import type { MapResultReply } from '../../features/map/contract.ts';
import { areaBounds, boundsAround, distanceKm, intersectBounds, type Bounds, type LatLng } from '../../lib/geo.ts';
import { cardImage, type MapClusterData, type MapListItem, type MapMarkerData } from '../../lib/map-data.ts';
import type { ListingFilter } from '../../features/search/listing-filter.ts';
import { formatPrice, type PriceSettings } from '../../lib/money.ts';
import type { ServerDeps } from '../platform/deps.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import { columnCount } from '../db/schema/map-grid.ts';
import {
  listCitiesNear,
  listMapMarkers,
  tallyPlanOf,
  tallyView,
  type MapMarkerRow,
} from '../repositories/map-repository.ts';
import { COUNT_CAP } from '../repositories/paging.ts';
import type { PublicPropertyFilter } from '../repositories/property-repository.ts';
import type { FileStorage } from '../storage/storage.ts';
import { nameIn } from '../../lib/i18n/translated-name.ts';
import { imageView } from './image-view.ts';
import {
  browseProperties,
  NOTHING as MATCHES_NOTHING,
  priceSettingsOf,
  publicFilterOf,
  propertyCardViews,
  publicCardsById,
  type PropertyCardData,
} from './property-service.ts';
import { getPublicSettings } from './settings-service.ts';

/**
 * Map search: public listings inside the map's view and/or a drawn area, or nearest to a point, with the markers
 * the map draws and a page of cards for the list beside it. The API (get-properties-in-bounds) and the
 * /properties/map page share it; input is already checked for form (src/server/api/routes/map.ts).
 */
export interface MapQuery {
  /** The map's view (west > east: across the antimeridian). */
  bounds?: Bounds | undefined;
  /** A drawn area (3 to 100 corners). */
  area?: readonly LatLng[] | undefined;
  /** The visitor's place: the list becomes nearest first, with distances. */
  near?: LatLng | undefined;
  /** The listing filter of /properties, so the list and the map of one search show the same listings. */
  filter: MapFilter;
  /** A category by id (the API's category_id). */
  categoryId?: number | undefined;
}

/** The listing filter as the map takes it: the map lists newest (or nearest) first, whatever the list's order. */
export type MapFilter = Omit<ListingFilter, 'sort'>;

/**
 * More markers than this is a map of the world zoomed out: the newest (or nearest) are drawn, `truncated` says so.
 * As many as a search counts (COUNT_CAP), so the markers, in the list's order, also give the list its total and its
 * first fifty pages: one pass over the matches instead of three (markers, page, count).
 */
export const MAX_MARKERS = COUNT_CAP;
/**
 * A view known to hold more listings than this (in the tally's cells wholly inside it) is drawn as counts of
 * listings per area rather than as pins: a city at 1M listings is a few kilobytes of counts instead of 200 KB of
 * its newest thousand pins (docs/decisions/022-map-clusters.md).
 */
export const PINS_UP_TO = 500;
const WORLD: Bounds = { south: -90, west: -180, north: 90, east: 180 };
/** "Near you" widens the circle until something is found: a town, a region, a country, everywhere. */
const NEAR_RADII_KM = [25, 100, 500, Infinity];

export type MapMarker = MapMarkerData;
export type MapCluster = MapClusterData;

export type MapCard = PropertyCardData & { distanceKm: number | null };

export interface MapResult {
  total: number;
  /** More listings match than `total` counts (see COUNT_CAP in paging.ts). */
  totalCapped: boolean;
  items: MapCard[];
  markers: MapMarker[];
  /** A view with too many listings for pins: every listing in it, counted by area (markers is then empty). */
  clusters: MapCluster[];
  /** More listings match than markers were sent. */
  truncated: boolean;
  /** The circle searched around `near`, in km (null: no `near`, or the whole world). */
  radiusKm: number | null;
}

const NOTHING: MapResult = {
  total: 0,
  totalCapped: false,
  items: [],
  markers: [],
  clusters: [],
  truncated: false,
  radiusKm: null,
};

/** The repository filter for a query, or null when it cannot match anything (an area outside the view). */
async function filterOf(
  db: Database,
  query: MapQuery,
  nearRadiusKm: number,
  now: Date,
): Promise<PublicPropertyFilter | null> {
  let bounds: Bounds | null = query.bounds ?? WORLD;
  if (query.area) bounds = intersectBounds(bounds, areaBounds(query.area));
  if (query.near && Number.isFinite(nearRadiusKm) && bounds)
    bounds = intersectBounds(bounds, boundsAround(query.near, nearRadiusKm));
  if (!bounds) return null;
  const listing = await publicFilterOf(db, query.filter, now, query.categoryId);
  if (listing === MATCHES_NOTHING) return null;
  return { ...listing, bounds, polygon: query.area, near: query.near };
}

function markerOf(row: MapMarkerRow, prices: PriceSettings): MapMarker {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    priceLabel: formatPrice(row.priceMinor, prices),
    propertyType: row.propertyType,
    latitude: row.latitude!,
    longitude: row.longitude!,
  };
}

/**
 * The list beside the map: its page is cut from the markers (the same matches in the same order) and only the
 * page's cards are read; a page past the markers is searched on its own. `rows` holds every match up to
 * MAX_MARKERS + 1, or at least the page's when `moreThanCap` says the tally already counted past COUNT_CAP.
 */
async function listPage(
  db: Database,
  filter: PublicPropertyFilter,
  rows: readonly MapMarkerRow[],
  page: { offset: number; limit: number },
  now: Date,
  moreThanCap = false,
) {
  if (page.offset + page.limit > MAX_MARKERS) return browseProperties(db, filter, page, now);
  const ids = rows.slice(page.offset, page.offset + page.limit).map((row) => row.id);
  const capped = moreThanCap || rows.length > COUNT_CAP;
  return {
    total: capped ? COUNT_CAP : rows.length,
    totalCapped: capped,
    items: await publicCardsById(db, ids, now),
  };
}

/**
 * A view with more than PINS_UP_TO listings, counted from the tally: the list's page is read from the newest
 * markers, and its total from them only when the tally has not already counted past COUNT_CAP. Null when the view
 * is small or the filter is one the tally does not hold.
 */
async function clusteredView(
  db: Database,
  filter: PublicPropertyFilter,
  page: { offset: number; limit: number },
  now: Date,
) {
  const plan = tallyPlanOf(filter);
  if (!plan) return null;
  // A view less than about three cells across is as close as the counts go: it gets pins however crowded it is,
  // so zooming in on a count always ends on pins.
  if (plan.lastRow - plan.firstRow < 3 || columnCount(plan.columns) - 1 < 3) return null;
  const tally = await tallyView(db, plan, filter);
  if (tally.inside <= PINS_UP_TO) return null;
  const moreThanCap = tally.inside > COUNT_CAP;
  const wanted = moreThanCap ? Math.min(page.offset + page.limit, MAX_MARKERS) : MAX_MARKERS + 1;
  const rows = await listMapMarkers(db, filter, wanted);
  return { list: await listPage(db, filter, rows, page, now, moreThanCap), clusters: tally.clusters };
}

/** One page of the map search, with every marker (up to MAX_MARKERS) of the whole result. */
export async function searchMap(
  db: Database,
  query: MapQuery,
  page: { offset: number; limit: number },
  now = new Date(),
): Promise<MapResult> {
  const settings = await getPublicSettings(db);
  const radii = query.near ? NEAR_RADII_KM : [Infinity];
  for (const radius of radii) {
    const filter = await filterOf(db, query, radius, now);
    if (!filter) return NOTHING;
    const clustered = await clusteredView(db, filter, page, now);
    if (clustered)
      return {
        ...clustered.list,
        items: clustered.list.items.map((card) => ({ ...card, distanceKm: null })),
        markers: [],
        clusters: clustered.clusters,
        truncated: false,
        radiusKm: null,
      };
    const rows = await listMapMarkers(db, filter, MAX_MARKERS + 1);
    if (rows.length === 0 && radius !== radii.at(-1)) continue;
    const list = await listPage(db, filter, rows, page, now);
    const near = query.near;
    const prices = priceSettingsOf(settings);
    return {
      total: list.total,
      totalCapped: list.totalCapped,
      items: list.items.map((card) => ({
        ...card,
        distanceKm:
          near && card.latitude !== null && card.longitude !== null
            ? distanceKm(near, { latitude: card.latitude, longitude: card.longitude })
            : null,
      })),
      markers: rows.slice(0, MAX_MARKERS).map((row) => markerOf(row, prices)),
      clusters: [],
      truncated: rows.length > MAX_MARKERS,
      radiusKm: near && Number.isFinite(radius) ? radius : null,
    };
  }
  return NOTHING;
}

/** A marker as the API sends it (the spec's names). */
export const markerView = (m: MapMarker) => ({
  id: m.id,
  slug_id: m.slug,
  title: m.title,
  price_label: m.priceLabel,
  property_type: m.propertyType,
  latitude: m.latitude,
  longitude: m.longitude,
});

/** get-properties-in-bounds: the map search as API views (cards with the viewer's favourite marks). */
export async function searchMapForApi(
  deps: Pick<ServerDeps, 'db' | 'storage'>,
  viewer: SessionUser | null,
  query: MapQuery,
  page: { offset: number; limit: number },
  lang: string,
): Promise<MapResultReply> {
  const result = await searchMap(deps.db, query, page);
  const cards = await propertyCardViews(deps, viewer, result.items, lang);
  return {
    total: result.total,
    total_capped: result.totalCapped,
    offset: page.offset,
    limit: page.limit,
    truncated: result.truncated,
    radius_km: result.radiusKm,
    items: cards.map((card, i) => ({ ...card, distance_km: round1(result.items[i]!.distanceKm) })),
    markers: result.markers.map(markerView),
    clusters: result.clusters,
  };
}

const round1 = (km: number | null) => (km === null ? null : Math.round(km * 10) / 10);

export interface NearbyCity {
  city: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
  distanceKm: number;
  listings: number;
}

/** Cities with public listings within 300 km of a point, nearest first. */
export async function citiesNear(db: Database, point: LatLng, limit: number): Promise<NearbyCity[]> {
  const rows = await listCitiesNear(db, point, { bounds: boundsAround(point, 300) }, limit);
  return rows.map((row) => ({
    ...row,
    distanceKm: round1(distanceKm(point, { latitude: row.latitude, longitude: row.longitude }))!,
  }));
}

/** A card as the map island lists it: URLs instead of storage keys, only what the card shows, named in `lang`. */
export function mapListItem(storage: FileStorage, card: MapCard, lang: string): MapListItem {
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    priceLabel: card.priceLabel,
    propertyType: card.propertyType,
    rentDuration: card.rentDuration,
    place: [card.city, card.country].filter(Boolean).join(', '),
    category: card.category && nameIn(lang, card.category.name, card.category.names),
    isFeatured: card.isFeatured,
    image: cardImage(imageView(storage, card.image)),
    latitude: card.latitude,
    longitude: card.longitude,
    distanceKm: card.distanceKm === null ? null : round1(card.distanceKm),
  };
}

/**
 * The /properties/map page: one page of the list (server-rendered, so it works without JavaScript and for
 * crawlers), the markers of the whole result for the map's first view, and nearby cities around `near`.
 */
export async function mapPageData(
  deps: Pick<ServerDeps, 'db' | 'storage'>,
  query: MapQuery,
  page: { offset: number; limit: number },
  lang: string,
) {
  const [result, cities] = await Promise.all([
    searchMap(deps.db, query, page),
    query.near ? citiesNear(deps.db, query.near, 8) : Promise.resolve([]),
  ]);
  return {
    total: result.total,
    totalCapped: result.totalCapped,
    truncated: result.truncated,
    radiusKm: result.radiusKm,
    items: result.items.map((card) => mapListItem(deps.storage, card, lang)),
    markers: result.markers satisfies MapMarkerData[],
    clusters: result.clusters,
    cities,
  };
}
