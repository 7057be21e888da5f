import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { fieldErrorsFromZod } from '../errors.ts';
import { toErrorResponse } from './error-handler.ts';

/** Query parameters every call takes besides its own: the reply's language (middleware/request-context.ts). */
const COMMON_QUERY = ['lang'];

/**
 * A query parameter the call does not take is refused, 400 naming it, never ignored: a client sending a filter this
 * server does not know (another server's `filters`, a misspelt name) would otherwise read an unfiltered list as the
 * filtered one it asked for.
 */
function refuseUnknownQuery(known: ReadonlySet<string>): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const unknown = Object.keys(c.req.queries()).filter((name) => !known.has(name));
    if (unknown.length)
      throw new AppError(
        'unknown_parameter',
        400,
        'errors.unknown_parameters',
        Object.fromEntries(unknown.map((name) => [name, ['errors.unknown_parameter']])),
      );
    await next();
  };
}

/** The route with its query's parameter names enforced (after its own middleware: a visitor is told to sign in). */
function withKnownQuery<R extends RouteConfig>(route: R): R {
  const query = route.request?.query;
  if (!query || !('shape' in query)) return route;
  const known = new Set([...Object.keys(query.shape as object), ...COMMON_QUERY]);
  const own = route.middleware === undefined ? [] : [route.middleware].flat();
  return { ...route, middleware: [...own, refuseUnknownQuery(known)] };
}

/**
 * A sub-app whose zod validation failures become the envelope with field messages (422), and whose routes refuse
 * query parameters they do not declare (400).
 */
export function newRouter() {
  const router = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return toErrorResponse(AppError.validation(fieldErrorsFromZod(result.error)), c);
      return undefined;
    },
  });
  const register = router.openapi;
  router.openapi = ((route: RouteConfig, ...rest: unknown[]) =>
    (register as (...args: unknown[]) => unknown)(withKnownQuery(route), ...rest)) as typeof router.openapi;
  return router;
}
