import { z } from '@hono/zod-openapi';
import {
  clearPersonalised,
  getPersonalised,
  personalisedSchema,
  recommendations,
  savePersonalisedFields,
} from '../../services/personalised-service.ts';
import { readNestedBody } from '../body.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { listingPage } from '../../../features/common/contract.ts';
import { paginationQuery } from '../schemas.ts';
import { userCalls, userRoute } from './user-route.ts';

const preferences = z
  .object({
    category_ids: z.array(z.number()),
    outdoor_facilitiy_ids: z.array(z.number()),
    min_price: z.number().nullable(),
    max_price: z.number().nullable(),
    property_type: z.enum(['sell', 'rent']).nullable(),
    city: z.string().nullable(),
  })
  .openapi('FeedPreferences');
const call = userCalls('personalised feed');
const FIELDS_PATH = '/personalised-fields';

const routes = {
  get: call('get', FIELDS_PATH, 'Your feed preferences', preferences),
  save: call(
    'post',
    FIELDS_PATH,
    'Save your feed preferences (replacing earlier ones)',
    preferences,
    'category_ids and outdoor_facilitiy_ids (lists or "1,2,3"), price_range "min,max" (or min_price, max_price), ' +
      'property_type (sell|rent or 0|1), city.',
    requestBody(personalisedSchema),
  ),
  clear: call('delete', FIELDS_PATH, 'Forget your feed preferences', z.null()),
  recommend: userRoute({
    method: 'get',
    path: '/get_user_recommendation',
    tags: ['personalised feed'],
    summary: 'Listings ranked by how well they match your preferences (empty without preferences)',
    request: { query: paginationQuery },
    responses: replies(listingPage(z.record(z.string(), z.unknown())).extend({ has_preferences: z.boolean() }), 'Feed'),
  }),
};

export const personalisedRoutes = newRouter()
  .openapi(routes.get, async (c) => ok(c, await getPersonalised(c.var, c.var.user!)))
  .openapi(routes.save, async (c) =>
    ok(c, await savePersonalisedFields(c.var, c.var.user!, await readNestedBody(c)), 'personalised.saved'),
  )
  .openapi(routes.clear, async (c) => {
    await clearPersonalised(c.var, c.var.user!);
    return ok(c, null, 'personalised.cleared');
  })
  .openapi(routes.recommend, async (c) =>
    ok(c, await recommendations(c.var, c.var.user!, c.req.valid('query'), c.var.t.lang)),
  );
