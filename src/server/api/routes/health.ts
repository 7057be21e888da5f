import { createRoute, z } from '@hono/zod-openapi';
import { assertReady } from '../../services/health-service.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter } from '../router.ts';

const probe = (path: string, summary: string, description: string) =>
  createRoute({
    method: 'get',
    path,
    tags: ['health'],
    summary,
    responses: replies(z.object({ status: z.literal('ok') }), description),
  });
const live = probe('/health/live', 'The process is up', 'Alive');
const ready = probe('/health/ready', 'The database answers', 'Ready');

export const healthRoutes = newRouter()
  .openapi(live, (c) => ok(c, { status: 'ok' as const }))
  .openapi(ready, async (c) => {
    await assertReady(c.var.db);
    return ok(c, { status: 'ok' as const });
  });
