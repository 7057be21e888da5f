import { z } from '@hono/zod-openapi';
import { listUserNotifications, markSchema, markUserNotificationsRead } from '../../services/notification-service.ts';
import { readBody } from '../body.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { page } from '../../../features/common/contract.ts';
import { paginationQuery } from '../schemas.ts';
import { userRoute } from './user-route.ts';

const tags = ['notifications'];
const notification = z
  .object({
    id: z.number(),
    type: z.string(),
    title: z.string(),
    body: z.string(),
    data: z.record(z.string(), z.unknown()),
    url: z.string(),
    is_read: z.boolean(),
    read_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Notification');

const routes = {
  list: userRoute({
    method: 'get',
    path: '/get_notification_list',
    tags,
    summary: 'Your notifications, newest first, with the unread count',
    request: { query: paginationQuery },
    responses: replies(page(notification).extend({ unread: z.number() }), 'Notifications'),
  }),
  markRead: userRoute({
    method: 'post',
    path: '/mark-notifications-read',
    tags,
    summary: 'Mark notifications read: ids (a list or comma-separated) or all=1',
    description:
      'Ids of other users’ notifications change nothing. Replies with how many changed and the unread count.',
    request: { body: requestBody(markSchema) },
    responses: replies(z.object({ updated: z.number(), unread: z.number() }), 'Marked read'),
  }),
};

export const notificationRoutes = newRouter()
  .openapi(routes.list, async (c) =>
    ok(c, await listUserNotifications(c.var.db, c.var.user!, c.req.valid('query'), c.var.t)),
  )
  .openapi(routes.markRead, async (c) =>
    ok(
      c,
      await markUserNotificationsRead(c.var.db, c.var.user!, (await readBody(c)).fields),
      'notifications.marked_read',
    ),
  );
