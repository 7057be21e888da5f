import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import { replies } from '../envelope.ts';
import type { requestBody } from '../router.ts';
import { MAX_ID } from '../../../lib/validation/ids.ts';
import { requireAdmin } from '../middleware/auth.ts';

/** Every admin call is tagged `admin` (tests/api/admin-access.test.ts finds them by it) and behind requireAdmin. */
export const ADMIN_TAG = 'admin';

export function adminRoute<const R extends Omit<RouteConfig, 'tags' | 'security' | 'middleware'>>(config: R) {
  return createRoute({
    ...config,
    tags: [ADMIN_TAG],
    security: [{ bearer: [] }],
    middleware: [requireAdmin] as const,
  });
}

/** `{id}` in an admin path. */
export const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(MAX_ID)
    .openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

/** A queue or list of the console: a get with its query (filters and paging), answered with a page of rows. */
export const adminList = (path: string, summary: string, query: z.ZodObject, reply: z.ZodType, done: string) =>
  adminRoute({ method: 'get', path, summary, request: { query }, responses: replies(reply, done) });

/** One row of the console (`/admin/users/{id}`): a get with the row's id in its path. */
export const adminRowRead = (path: string, summary: string, reply: z.ZodType, done: string) =>
  adminRoute({ method: 'get', path, summary, request: { params: idParams }, responses: replies(reply, done) });

/**
 * A write on one row (`/admin/users/{id}/deactivate`): a post with the row's id in its path, answered with `reply`,
 * and a body when the call takes one.
 */
export const adminRowWrite = (
  path: string,
  summary: string,
  reply: z.ZodType,
  done: string,
  { description, body }: { description?: string; body?: ReturnType<typeof requestBody> } = {},
) =>
  adminRoute({
    method: 'post',
    path,
    summary,
    description,
    request: { params: idParams, ...(body ? { body } : {}) },
    responses: replies(reply, done),
  });

/** Writes take JSON or a form; the fields each call reads are in its description. */
export const loose = (name: string) => z.record(z.string(), z.unknown()).openapi(name);
