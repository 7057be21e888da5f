import { createRoute, z } from '@hono/zod-openapi';
import {
  PACKAGE_FEATURES,
  assignFreePackage,
  listPackages,
  packageLimitReply,
} from '../../services/package-service.ts';
import { readBody } from '../body.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { userRoute } from './user-route.ts';

const feature = z.enum(PACKAGE_FEATURES);
const assignBody = z.object({ package_id: z.coerce.number({ error: 'validation.required' }).int().positive() });
const packageView = z
  .object({
    id: z.number(),
    name: z.string(),
    price: z.number(),
    price_label: z.string(),
    is_free: z.boolean(),
    duration_days: z.number(),
    ios_product_id: z.string().nullable(),
    features: z.array(z.object({ feature, counted: z.boolean(), limit: z.number().nullable() })),
    is_active: z.boolean(),
    ends_at: z.string().nullable(),
  })
  .openapi('Package');
const subscription = z
  .object({
    id: z.number(),
    package_id: z.number(),
    name: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    features: z.array(
      z.object({
        feature,
        limit: z.number().nullable(),
        used: z.number().nullable(),
        remaining: z.number().nullable(),
      }),
    ),
  })
  .openapi('Subscription');

const routes = {
  list: createRoute({
    method: 'get',
    path: '/get-package',
    tags: ['packages'],
    summary: 'Packages on sale; with a token, which of them you hold',
    responses: replies(z.array(packageView), 'Packages'),
  }),
  assign: userRoute({
    method: 'post',
    path: '/assign_package',
    tags: ['packages'],
    summary: 'Take a free package (paid packages need a payment)',
    description: 'Body: package_id. Replies with your running subscriptions.',
    request: { body: requestBody(assignBody) },
    responses: replies(z.array(subscription), 'Your subscriptions'),
  }),
  check: userRoute({
    method: 'get',
    path: '/check-package-limit',
    tags: ['packages'],
    summary: 'Whether you may use a package feature now',
    description:
      'type: property_list, property_feature, project_list, project_feature (counted against a limit), ' +
      'mortgage_calculator_detail, premium_properties, project_access. A failed check counts as not available. ' +
      "A caller holding no package at all may still list: post_property and post_project start the site's free " +
      'package (the first on sale that includes listing) with the first listing, so for property_list and ' +
      'project_list such a caller gets all true and free_package names the package posting starts; the message ' +
      'says so. Without a free package the message says the caller has no package yet; a refused feature, why.',
    request: { query: z.object({ type: feature }) },
    responses: replies(
      z.object({
        package_available: z.boolean(),
        feature_available: z.boolean(),
        limit_available: z.boolean(),
        free_package: z
          .object({ id: z.number(), name: z.string() })
          .nullable()
          .openapi({ description: "The site's free package a first listing starts (named in the caller's language)" }),
      }),
      'Availability',
    ),
  }),
};

export const packageRoutes = newRouter()
  .openapi(routes.list, async (c) => ok(c, await listPackages(c.var.db, c.var.user, c.var.t.lang)))
  .openapi(routes.assign, async (c) => {
    const { package_id } = assignBody.parse((await readBody(c)).fields);
    return ok(c, await assignFreePackage(c.var.db, c.var.user!, package_id, c.var.t.lang), 'package.assigned');
  })
  .openapi(routes.check, async (c) => {
    const { message, ...check } = await packageLimitReply(
      c.var.db,
      c.var.user!,
      c.req.valid('query').type,
      c.var.t.lang,
    );
    return ok(c, check, message.key, message.params);
  });
