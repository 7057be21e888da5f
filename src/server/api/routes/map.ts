import { createRoute, z } from '@hono/zod-openapi';
import { AREA_MAX_POINTS, AREA_MIN_POINTS, parseArea } from '../../../lib/geo.ts';
import {
  apiListingFilterShape,
  blank,
  checkPriceRange,
  decimal,
  filterOfApiQuery,
} from '../../../features/search/listing-filter.ts';
import { mapResult, place } from '../../../features/map/contract.ts';
import { MAX_ID } from '../../../lib/validation/ids.ts';
import { findPlaces, reverseGeocode } from '../../services/geocode-service.ts';
import { citiesNear, searchMapForApi } from '../../services/map-search-service.ts';
import { countParam, offsetPaging } from '../../paging.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter } from '../router.ts';

/* ---------- query values: empty means absent; malformed values are a 422 naming the field ---------- */

const coordinate = (min: number, max: number, message: string) =>
  z
    .preprocess((v) => decimal(blank(v)), z.number({ error: message }).min(min, message).max(max, message).optional())
    .openapi({ type: 'number', minimum: min, maximum: max });
const latitude = coordinate(-90, 90, 'map.invalid_latitude');
const longitude = coordinate(-180, 180, 'map.invalid_longitude');

const area = z
  .preprocess(
    blank,
    z
      .string()
      .max(AREA_MAX_POINTS * 40, 'map.area_points')
      .transform((text, ctx) => {
        const parsed = parseArea(text);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
  )
  .openapi({
    type: 'string',
    description:
      `A drawn area: ${AREA_MIN_POINTS} to ${AREA_MAX_POINTS} corners as \`lat,lng\` separated by \`;\`, joined as ` +
      'given; longitudes past ±180 (up to 540, all within 360° of each other) continue over the antimeridian: ' +
      '179.2° E to 179.2° W is `…,179.2;…,180.8;…`',
    example: '38.75,-9.2;38.75,-9.1;38.7,-9.1;38.7,-9.2',
  });

const id = z
  .preprocess(
    (v) => decimal(blank(v)),
    z
      .number({ error: 'listing.invalid_id' })
      .int('listing.invalid_id')
      .positive('listing.invalid_id')
      .max(MAX_ID, 'listing.invalid_id')
      .optional(),
  )
  .openapi({ type: 'integer' });

/** Both coordinates of a point, or neither. */
function pairComplete(q: { latitude?: number | undefined; longitude?: number | undefined }, ctx: z.RefinementCtx) {
  if ((q.latitude === undefined) !== (q.longitude === undefined))
    ctx.addIssue({
      code: 'custom',
      path: [q.latitude === undefined ? 'latitude' : 'longitude'],
      message: 'map.point_incomplete',
    });
}

/** The listing filter (src/features/search/listing-filter.ts) but its order: the map lists newest or nearest first. */
const { sort: _sort, ...mapFilterShape } = apiListingFilterShape();

const boundsQuery = z
  .object({
    south: latitude,
    west: longitude,
    north: latitude,
    east: longitude,
    area,
    latitude,
    longitude,
    ...mapFilterShape,
    category_id: id,
    ...offsetPaging(),
  })
  .superRefine((q, ctx) => {
    const edges = (['south', 'west', 'north', 'east'] as const).filter((k) => q[k] !== undefined);
    if (edges.length > 0 && edges.length < 4)
      for (const k of ['south', 'west', 'north', 'east'] as const)
        if (q[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: 'map.bounds_incomplete' });
    // West east of east is not a mistake but a view across the antimeridian (geo.ts, Bounds).
    if (q.south !== undefined && q.north !== undefined && q.south > q.north)
      ctx.addIssue({ code: 'custom', path: ['north'], message: 'map.invalid_bounds' });
    pairComplete(q, ctx);
    checkPriceRange(q, ctx);
  });

/** A point is required: both coordinates. */
function pointRequired(q: { latitude?: number | undefined; longitude?: number | undefined }, ctx: z.RefinementCtx) {
  pairComplete(q, ctx);
  if (q.latitude === undefined && q.longitude === undefined)
    ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'map.point_required' });
}
const pointQuery = z.object({ latitude, longitude }).superRefine(pointRequired);
const nearbyCitiesQuery = z.object({ latitude, longitude, limit: countParam(8, 20) }).superRefine(pointRequired);
/** After pointQuery's refinement both are there. */
const pointOf = (q: { latitude?: number | undefined; longitude?: number | undefined }) => ({
  latitude: q.latitude!,
  longitude: q.longitude!,
});

/* ---------- routes ---------- */

const routes = {
  inBounds: createRoute({
    method: 'get',
    path: '/get-properties-in-bounds',
    tags: ['map'],
    summary: "Public listings inside the map's view and/or a drawn area, with the map's markers",
    description:
      'Approved, active listings with coordinates. `south`, `west`, `north`, `east` (all four, degrees) the view; ' +
      '`west` greater than `east` is a view across the antimeridian (from `west` eastwards over 180 to `east`); ' +
      '`area` a drawn polygon (3 to 100 `lat,lng` corners separated by `;`; past ±180 it continues over the ' +
      'antimeridian), tested exactly after the box; ' +
      '`latitude`, `longitude` a point: the list is nearest first with `distance_km`, searched in a box reaching 25, 100, ' +
      'then 500 km, then everywhere until something is found. Filters: `property_type` sell|rent, `category_id` or ' +
      '`category_slug_id`, `min_price`, `max_price`, and as get-property-list takes them `bedrooms`, `bathrooms`, `search`, `city`, `state`, ' +
      '`country`, `posted_since`, `promoted=1`. `items` is one page (`offset`, `limit` up to 100, newest ' +
      'first); `markers` are every match, up to 1000. A view known to hold more than 500 listings (and no `area`, ' +
      '`latitude`/`longitude` or price filter) gets `clusters` instead: its listings counted by area (counts at the ' +
      "view's edges include listings just outside it), with `markers` empty. Nothing given: every listing that " +
      'has a place. The token is optional.',
    request: { query: boundsQuery },
    responses: replies(mapResult, 'Listings and markers'),
  }),
  nearbyCities: createRoute({
    method: 'get',
    path: '/get-nearby-cities',
    tags: ['map'],
    summary: 'Cities with public listings near a point, nearest first',
    description:
      '`latitude`, `longitude` (required); `limit` up to 20. Cities within 300 km with their listings count.',
    request: { query: nearbyCitiesQuery },
    responses: replies(
      z.array(
        z.object({
          city: z.string(),
          state: z.string(),
          country: z.string(),
          latitude: z.number(),
          longitude: z.number(),
          distance_km: z.number(),
          listings: z.number().int(),
        }),
      ),
      'Nearby cities',
    ),
  }),
  reverse: createRoute({
    method: 'get',
    path: '/reverse-geocode',
    tags: ['map'],
    summary: 'The city, state, country and formatted address of a point',
    description:
      'Answered offline from a shipped gazetteer (about 156,000 cities): the nearest city, with a capital or a ' +
      "state's namesake preferred over a district up to 3 km nearer. Where no city is within 100 km (the sea), " +
      'an ordinary answer with `data` null and a message saying so: a point with no town is no error.',
    request: { query: pointQuery },
    responses: replies(place.nullable(), 'The place, or null where no town is within 100 km'),
  }),
  search: createRoute({
    method: 'get',
    path: '/search-places',
    tags: ['map'],
    summary: 'Places whose name starts with the text (the location picker search)',
    description:
      '`search` (2 to 100 characters) a city name, optionally followed by a comma and the state or country; ' +
      '`limit` up to 20. Exact names, then capitals, first.',
    request: {
      query: z.object({
        search: z
          .string({ error: 'location.search_length' })
          .trim()
          .min(2, 'location.search_length')
          .max(100, 'location.search_length'),
        limit: countParam(8, 20),
      }),
    },
    responses: replies(z.array(place), 'Places'),
  }),
};

export const mapRoutes = newRouter()
  .openapi(routes.inBounds, async (c) => {
    const q = c.req.valid('query');
    const bounds =
      q.south !== undefined && q.west !== undefined && q.north !== undefined && q.east !== undefined
        ? { south: q.south, west: q.west, north: q.north, east: q.east }
        : undefined;
    const near = q.latitude !== undefined && q.longitude !== undefined ? pointOf(q) : undefined;
    const query = {
      bounds,
      area: q.area,
      near,
      filter: filterOfApiQuery({ ...q, sort: undefined }),
      categoryId: q.category_id,
    };
    return ok(c, await searchMapForApi(c.var, c.var.user, query, { offset: q.offset, limit: q.limit }, c.var.t.lang));
  })
  .openapi(routes.nearbyCities, async (c) => {
    const q = c.req.valid('query');
    const cities = await citiesNear(c.var.db, pointOf(q), q.limit);
    return ok(
      c,
      cities.map(({ distanceKm, ...city }) => ({ ...city, distance_km: distanceKm })),
    );
  })
  .openapi(routes.reverse, async (c) => {
    const found = await reverseGeocode(pointOf(c.req.valid('query')));
    return found ? ok(c, found) : ok(c, null, 'location.no_place');
  })
  .openapi(routes.search, async (c) => {
    const { search, limit } = c.req.valid('query');
    return ok(c, await findPlaces(search, limit));
  });
