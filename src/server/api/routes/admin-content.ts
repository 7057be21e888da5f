import { z } from '@hono/zod-openapi';
import {
  contentQuerySchema,
  getContent,
  listContent,
  removeContent,
  saveContent,
} from '../../services/admin-content-service.ts';
import { ADMIN_ENTITIES } from '../../services/admin-content/registry.ts';
import type { AdminEntity } from '../../services/admin-content/entity.ts';
import { readBody } from '../body.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';
import { page } from '../../../features/common/contract.ts';
import { adminRoute, adminRowRead, idParams, loose } from './admin-route.ts';

const item = loose('AdminContentItem');

function entityRoutes(entity: AdminEntity) {
  const path = `/admin/${entity.name}`;
  const note = { file: ' (file)', names: ' (object: the name by language code)' } as Partial<Record<string, string>>;
  const fields = entity.fields.map((f) => `${f.name}${note[f.kind] ?? ''}`).join(', ');
  const description = `Body (JSON or multipart form): ${fields}. Editing may send only the fields that change.`;
  const files = Object.fromEntries(entity.fields.filter((f) => f.kind === 'file').map((f) => [f.name, 'An image']));
  const body = requestBody(entity.schema, { files });
  return {
    list: adminRoute({
      method: 'get',
      path,
      summary: `${entity.name}: list, searchable, paged`,
      request: { query: contentQuerySchema },
      responses: replies(page(item), 'Rows'),
    }),
    get: adminRowRead(`${path}/{id}`, `${entity.name}: one row`, item, 'Row'),
    create: adminRoute({
      method: 'post',
      path,
      summary: `${entity.name}: create`,
      description,
      request: { body },
      responses: replies(item, 'Created'),
    }),
    update: adminRoute({
      method: 'post',
      path: `${path}/{id}`,
      summary: `${entity.name}: edit`,
      description,
      request: { params: idParams, body },
      responses: replies(item, 'Saved'),
    }),
    remove: adminRoute({
      method: 'delete',
      path: `${path}/{id}`,
      summary: `${entity.name}: delete, or deactivate when other rows point at it`,
      request: { params: idParams },
      responses: replies(z.object({ id: z.number(), outcome: z.enum(['deleted', 'switched_off']) }), 'Removed'),
    }),
  };
}

/** The same five calls for every entity of the console (categories, packages, languages, ...). */
export const adminContentRoutes = newRouter();
for (const entity of ADMIN_ENTITIES) {
  const routes = entityRoutes(entity);
  adminContentRoutes
    .openapi(routes.list, async (c) => ok(c, await listContent(c.var, c.var.user, entity, c.req.valid('query'))))
    .openapi(routes.get, async (c) => ok(c, await getContent(c.var, c.var.user, entity, c.req.valid('param').id)))
    .openapi(routes.create, async (c) =>
      ok(c, await saveContent(c.var, c.var.user, entity, null, await readBody(c)), 'admin.notice.created'),
    )
    .openapi(routes.update, async (c) =>
      ok(
        c,
        await saveContent(c.var, c.var.user, entity, c.req.valid('param').id, await readBody(c)),
        'admin.notice.saved',
      ),
    )
    .openapi(routes.remove, async (c) => {
      const result = await removeContent(c.var, c.var.user, entity, c.req.valid('param').id);
      return ok(c, result, `admin.notice.${result.outcome}`);
    });
}
