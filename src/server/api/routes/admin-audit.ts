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
    entity_label: z
      .string()
      .nullable()
      .meta({ description: 'What the subject was called when the change was made (kept after it is deleted)' }),
    entity_url: z.string().nullable().meta({
      description: "The subject's page in the admin console; null once it is deleted or for kinds without one",
    }),
    entity_deleted: z.boolean().meta({ description: 'The subject has since been deleted' }),
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
