import { createMiddleware } from 'hono/factory';
import { isAdmin } from '../../auth/session-user.ts';
import { assertDemoAllows } from '../../services/demo-mode.ts';
import type { ApiEnv } from '../context.ts';

/**
 * Mounted once for every call (app.ts), after the caller is known: while demo mode is on, a signed-in user's write
 * answers "This Action is Not Allowed in Demo Mode" (403, demo_mode) before its handler runs (assertDemoAllows).
 * A console call by anyone but an admin goes on to requireAdmin, which answers 401 or 403 "Admin Only Operation",
 * as without demo mode: they are told who they are, not that the site is a demo.
 */
export const blockWritesInDemoMode = createMiddleware<ApiEnv>(async (c, next) => {
  const { user } = c.var;
  if (!c.req.path.startsWith('/api/admin/') || isAdmin(user))
    await assertDemoAllows(c.var.db, { user, method: c.req.method, path: c.req.path });
  await next();
});
