import { z } from '@hono/zod-openapi';
import { auditQuerySchema, listAuditLog } from '../../services/audit-service.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter } from '../router.ts';
import { adminRoute } from './admin-route.ts';

const entry = z
  .object({
    id: z.number(),
    actor: z.object({ id: z.number(), name: z.string().nullable() }).nullable(),
    action: z.string(),
    entity: z.string(),
    entity_id: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    created_at: z.string(),
  })
  .openapi('AuditEntry');

const routes = {
  list: adminRoute({
    method: 'get',
    path: '/admin/audit-log',
    summary: 'Every change made in the admin console, newest first, with the row before and after',
    request: {
      query: auditQuerySchema.extend({
        entity: auditQuerySchema.shape.entity.meta({ description: 'Only this kind: property, project, user, ...' }),
      }),
    },
    responses: replies(
      z.object({
        total: z.number(),
        offset: z.number(),
        limit: z.number(),
        entities: z.array(z.string()),
        items: z.array(entry),
      }),
      'Audit log',
    ),
  }),
};

export const adminAuditRoutes = newRouter().openapi(routes.list, async (c) =>
  ok(c, await listAuditLog(c.var.db, c.var.user, c.req.valid('query'))),
);
