import { z } from '@hono/zod-openapi';
import { reportSchema } from '../../../lib/validation/chat.ts';
import { reportProperty, setFavourite, setInterest, toggleSchema } from '../../services/engagement-service.ts';
import { favouriteProperties } from '../../services/property-service.ts';
import { readBody } from '../body.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { listingPage } from '../../../features/common/contract.ts';
import { paginationQuery } from '../schemas.ts';
import { propertyCard } from '../../../features/listings/contract.ts';
import { userRoute } from './user-route.ts';

const routes = {
  favourite: userRoute({
    method: 'post',
    path: '/add_favourite',
    tags: ['engagement'],
    summary: 'Add a listing to your favourites (type 1) or remove it (type 0)',
    description:
      'Body (JSON or form): property_id, type (1 add, 0 remove). Repeating a call changes nothing. Only public ' +
      "listings (or your own) can be added. Replies with the listing's new total_likes.",
    request: { body: requestBody(toggleSchema) },
    responses: replies(
      z.object({ property_id: z.number(), is_favourite: z.boolean(), total_likes: z.number() }),
      'Favourite saved',
    ),
  }),
  favourites: userRoute({
    method: 'get',
    path: '/get_favourite_property',
    tags: ['engagement'],
    summary: 'Your favourite listings that are still public, most recently added first',
    request: { query: paginationQuery },
    responses: replies(listingPage(propertyCard), 'Your favourites'),
  }),
  interest: userRoute({
    method: 'post',
    path: '/interested_users',
    tags: ['engagement'],
    summary: 'Tell the owner you are interested in a listing (type 1), or take it back (type 0)',
    description:
      'Body: property_id, type (1 or 0). Not for your own listings. The owner sees it in get_interested_users.',
    request: { body: requestBody(toggleSchema) },
    responses: replies(z.object({ property_id: z.number(), is_interested: z.boolean() }), 'Interest saved'),
  }),
  report: userRoute({
    method: 'post',
    path: '/add_reports',
    tags: ['engagement'],
    summary: 'Report a listing to the admins',
    description:
      'Body: property_id, and reason_id (from get_report_reasons) or other_message: a report needs a reason. ' +
      'One report per listing (a second answers 409); your own listings cannot be reported.',
    request: { body: requestBody(reportSchema) },
    responses: replies(
      z.object({ id: z.number(), property_id: z.number(), created_at: z.string() }),
      'Report received',
    ),
  }),
};

export const engagementRoutes = newRouter()
  .openapi(routes.favourite, async (c) => {
    const result = await setFavourite(c.var.db, c.var.user!, (await readBody(c)).fields);
    return ok(c, result, result.is_favourite ? 'favourite.added' : 'favourite.removed');
  })
  .openapi(routes.favourites, async (c) =>
    ok(c, await favouriteProperties(c.var, c.var.user!, c.req.valid('query'), c.var.t.lang)),
  )
  .openapi(routes.interest, async (c) => {
    const result = await setInterest(c.var.db, c.var.user!, (await readBody(c)).fields);
    return ok(c, result, result.is_interested ? 'interest.added' : 'interest.removed');
  })
  .openapi(routes.report, async (c) =>
    ok(c, await reportProperty(c.var.db, c.var.user!, (await readBody(c)).fields), 'report.sent'),
  );
