import { createRoute, type RouteConfig, type z } from '@hono/zod-openapi';
import { replies } from '../envelope.ts';
import { requireUser } from '../middleware/auth.ts';
import type { requestBody } from '../router.ts';

/** A call for a signed-in user: a bearer token in the document, and requireUser (401 without one) in front. */
export function userRoute<const R extends Omit<RouteConfig, 'security' | 'middleware'>>(config: R) {
  return createRoute({
    ...config,
    security: [{ bearer: [] }],
    middleware: [requireUser] as const,
  });
}

/** The calls of one tag that read no query: each replies `data`, and takes `body` when it is given. */
export const userCalls =
  (tag: string) =>
  (
    method: 'get' | 'post' | 'delete',
    path: string,
    summary: string,
    data: z.ZodType,
    description?: string,
    body?: ReturnType<typeof requestBody>,
  ) =>
    userRoute({
      method,
      path,
      tags: [tag],
      summary,
      description,
      ...(body ? { request: { body } } : {}),
      responses: replies(data, summary),
    });

/** The posts of one tag that take a body and reply `reply` unless they name another. */
export function userWrites(tag: string, reply: z.ZodType) {
  const call = userCalls(tag);
  return (
    path: string,
    summary: string,
    description: string,
    body: ReturnType<typeof requestBody>,
    data: z.ZodType = reply,
  ) => call('post', path, summary, data, description, body);
}
