import { createRoute, z } from '@hono/zod-openapi';
import {
  getFeaturedData,
  listMyAdvertisements,
  storeAdvertisement,
  storeAdvertisementSchema,
} from '../../services/advertisement-service.ts';
import { readBody } from '../body.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { page, totalCapped } from '../../../features/common/contract.ts';
import { paginationQuery } from '../schemas.ts';
import { userRoute } from './user-route.ts';

const featureFor = z.enum(['property', 'project']);
const adStatus = z.enum(['pending', 'approved', 'rejected', 'expired']);

const storedAd = z
  .object({
    id: z.number(),
    feature_for: featureFor,
    property_id: z.number().nullable(),
    project_id: z.number().nullable(),
    status: adStatus,
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Advertisement');
const myAd = z
  .object({
    id: z.number(),
    feature_for: featureFor,
    status: adStatus,
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    created_at: z.string(),
    listing: z.object({
      id: z.number(),
      title: z.string(),
      slug_id: z.string(),
      url: z.string(),
      image: z.unknown(),
    }),
  })
  .openapi('MyAdvertisement');

const routes = {
  store: userRoute({
    method: 'post',
    path: '/store_advertisement',
    tags: ['advertisements'],
    summary: 'Feature one of your approved listings (spends property_feature or project_feature)',
    description:
      'feature_for (property|project), then property_id or project_id. The request waits for an admin, who sets ' +
      'how long it runs; follow it with get-my-advertisements. A listing already waiting or featured is refused ' +
      '(409); without a package unit left the reply is 403 package_not_available with the feature’s message.',
    request: { body: requestBody(storeAdvertisementSchema) },
    responses: replies(storedAd, 'The stored request'),
  }),
  mine: userRoute({
    method: 'get',
    path: '/get-my-advertisements',
    tags: ['advertisements'],
    summary: 'Your featuring requests, newest first, with their state and period',
    request: { query: paginationQuery },
    responses: replies(page(myAd), 'Your advertisements'),
  }),
  featured: createRoute({
    method: 'get',
    path: '/get-featured-data',
    tags: ['advertisements'],
    summary: 'Featured properties or projects: approved advertisements not past their end',
    request: {
      query: paginationQuery.extend({
        type: z
          .preprocess((v) => (v === '' ? undefined : v), featureFor.default('property'))
          .openapi({
            type: 'string',
            enum: ['property', 'project'],
          }),
      }),
    },
    responses: replies(
      page(z.record(z.string(), z.unknown())).extend({ type: featureFor, total_capped: totalCapped.optional() }),
      'Featured listings (property or project cards)',
    ),
  }),
};

export const advertisementRoutes = newRouter()
  .openapi(routes.store, async (c) =>
    ok(c, await storeAdvertisement(c.var.db, c.var.user!, (await readBody(c)).fields), 'advertisement.requested'),
  )
  .openapi(routes.mine, async (c) => ok(c, await listMyAdvertisements(c.var, c.var.user!, c.req.valid('query'))))
  .openapi(routes.featured, async (c) => {
    const { type, offset, limit } = c.req.valid('query');
    return ok(c, await getFeaturedData(c.var, c.var.user, type, { offset, limit }, c.var.t.lang));
  });
