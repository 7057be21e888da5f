import { createRoute, z } from '@hono/zod-openapi';
import { pingDatabase } from '../../repositories/health-repository.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter } from '../router.ts';

const live = createRoute({
  method: 'get',
  path: '/health/live',
  tags: ['health'],
  summary: 'The process is up',
  responses: replies(z.object({ status: z.literal('ok') }), 'Alive'),
});

const ready = createRoute({
  method: 'get',
  path: '/health/ready',
  tags: ['health'],
  summary: 'The database answers',
  responses: replies(z.object({ status: z.literal('ok') }), 'Ready'),
});

export const healthRoutes = newRouter()
  .openapi(live, (c) => ok(c, { status: 'ok' as const }))
  .openapi(ready, async (c) => {
    await pingDatabase(c.var.db);
    return ok(c, { status: 'ok' as const });
  });
