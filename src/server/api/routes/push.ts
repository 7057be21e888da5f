import { createRoute, z } from '@hono/zod-openapi';
import {
  removePushSubscription,
  savePushSubscription,
  subscriptionSchema,
  unsubscribeSchema,
  vapidKeys,
} from '../../services/push-service.ts';
import { readBody } from '../body.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { userRoute } from './user-route.ts';

const tags = ['push'];

const routes = {
  publicKey: createRoute({
    method: 'get',
    path: '/push/public-key',
    tags,
    summary: "The server's VAPID public key, for PushManager.subscribe({ applicationServerKey })",
    responses: replies(z.object({ public_key: z.string() }), 'The key'),
  }),
  subscribe: userRoute({
    method: 'post',
    path: '/push/subscribe',
    tags,
    summary: "Receive Web Push notifications in this browser: the PushSubscription's JSON",
    description: 'endpoint (https), keys.p256dh, keys.auth (or p256dh and auth at the top level).',
    request: { body: requestBody(subscriptionSchema) },
    responses: replies(z.object({ id: z.number(), endpoint: z.string() }), 'Subscribed'),
  }),
  unsubscribe: userRoute({
    method: 'post',
    path: '/push/unsubscribe',
    tags,
    summary: 'Stop Web Push notifications to a browser',
    description: 'endpoint.',
    request: { body: requestBody(unsubscribeSchema) },
    responses: replies(z.object({ removed: z.boolean() }), 'Unsubscribed'),
  }),
};

export const pushRoutes = newRouter()
  .openapi(routes.publicKey, (c) => ok(c, { public_key: vapidKeys().publicKey }))
  .openapi(routes.subscribe, async (c) =>
    ok(c, await savePushSubscription(c.var.db, c.var.user!, (await readBody(c)).fields), 'push.subscribed'),
  )
  .openapi(routes.unsubscribe, async (c) =>
    ok(c, await removePushSubscription(c.var.db, c.var.user!, (await readBody(c)).fields), 'push.unsubscribed'),
  );
