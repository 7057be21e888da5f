import { createRoute, z } from '@hono/zod-openapi';
import { getCategories, getCities, getFacilities, getReportReasons } from '../../services/catalog-service.ts';
import { ok, replies } from '../envelope.ts';
import { imageReply, page } from '../../../features/common/contract.ts';
import { paginationQuery, queryFlag, cityReply } from '../schemas.ts';
import { newRouter } from '../router.ts';

const image = imageReply;

const category = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    image,
    property_count: z.number(),
    parameters: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        type_of_parameter: z.string(),
        type_values: z.unknown(),
        is_required: z.boolean(),
        image,
      }),
    ),
  })
  .openapi('Category');

const facility = z.object({ id: z.number(), name: z.string(), image }).openapi('Facility');

const getCategoriesRoute = createRoute({
  method: 'get',
  path: '/get_categories',
  tags: ['catalog'],
  summary: 'Property categories with their parameters',
  request: {
    query: paginationQuery.extend({
      search: z.string().trim().max(100).optional(),
      has_property: queryFlag.optional(),
    }),
  },
  responses: replies(page(category), 'Categories'),
});

/** The facilities list, which the spec offers under two names: the listing form's and the property filter's. */
const facilitiesRoute = (path: string, summary: string) =>
  createRoute({
    method: 'get',
    path,
    tags: ['catalog'],
    summary,
    responses: replies(z.array(facility), 'Facilities'),
  });
const getFacilitiesRoute = facilitiesRoute(
  '/get_facilities',
  'Outdoor facilities (hospital, school, ...) a listing can be near',
);
const getFacilitiesForFilterRoute = facilitiesRoute('/get-facilities-for-filter', 'Facilities for the property filter');

const getCitiesRoute = createRoute({
  method: 'get',
  path: '/get-cities-data',
  tags: ['catalog'],
  summary: 'Cities with their number of live listings, busiest first',
  request: { query: paginationQuery },
  responses: replies(page(cityReply), 'Cities'),
});

const getReportReasonsRoute = createRoute({
  method: 'get',
  path: '/get_report_reasons',
  tags: ['catalog'],
  summary: 'Reasons a visitor can pick when reporting a listing',
  responses: replies(z.array(z.object({ id: z.number(), reason: z.string() })), 'Report reasons'),
});

export const catalogRoutes = newRouter()
  .openapi(getCategoriesRoute, async (c) => {
    const { search, has_property, offset, limit } = c.req.valid('query');
    return ok(
      c,
      await getCategories(c.var.db, c.var.storage, {
        search,
        hasProperty: has_property ?? false,
        offset,
        limit,
        lang: c.var.t.lang,
      }),
    );
  })
  .openapi(getFacilitiesRoute, async (c) => ok(c, await getFacilities(c.var.db, c.var.storage, c.var.t.lang)))
  .openapi(getFacilitiesForFilterRoute, async (c) => ok(c, await getFacilities(c.var.db, c.var.storage, c.var.t.lang)))
  .openapi(getCitiesRoute, async (c) => ok(c, await getCities(c.var.db, c.var.storage, c.req.valid('query'))))
  .openapi(getReportReasonsRoute, async (c) => ok(c, await getReportReasons(c.var.db, c.var.t.lang)));
