import { createRoute, z } from '@hono/zod-openapi';
import { getWebSettings } from '../../services/settings-service.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter } from '../router.ts';

const webSettings = createRoute({
  method: 'get',
  path: '/web-settings',
  tags: ['settings'],
  summary: 'Public site settings (currency, colours, feature switches); public keys only',
  responses: replies(z.record(z.string(), z.unknown()), 'Settings'),
});

export const settingsRoutes = newRouter().openapi(webSettings, async (c) =>
  ok(c, await getWebSettings(c.var.db, c.var.user)),
);
