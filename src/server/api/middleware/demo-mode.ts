import { createMiddleware } from 'hono/factory';
import { assertNotDemo } from '../../services/demo-mode.ts';
import type { ApiEnv } from '../context.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Mounted once on /api/admin/* (app.ts): while the setting demo_mode is on, every admin write answers
 * "This Action is Not Allowed in Demo Mode" (403, demo_mode) before its handler runs. Only admins are checked
 * here: anyone else goes on to requireAdmin and gets 401 or 403 "Admin Only Operation", as without demo mode.
 * Admin services check again inside their transaction (adminMutation), which covers the console's pages.
 */
export const blockAdminWritesInDemoMode = createMiddleware<ApiEnv>(async (c, next) => {
  if (!READS.has(c.req.method) && c.var.user?.role === 'admin') await assertNotDemo(c.var.db);
  await next();
});
