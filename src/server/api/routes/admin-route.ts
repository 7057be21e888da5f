import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
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

/** Writes take JSON or a form; the fields each call reads are in its description. */
export const loose = (name: string) => z.record(z.string(), z.unknown()).openapi(name);
