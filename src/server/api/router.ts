import { OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
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

/** The media types a write takes: readBody (body.ts) reads each of them into the same fields. */
const BODY_TYPES = ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'] as const;

interface BodyDocs {
  description?: string;
  /** Files a multipart body may carry besides the fields, by name, with what each is. */
  files?: Record<string, string>;
}

/**
 * A write's body for the document: the schema its service parses the fields with, so the document and the check are
 * one definition. The router documents it and leaves the check to the service, which also serves the pages' form
 * posts and reads nested form keys and files that a generic form validator would not.
 */
export function requestBody(schema: z.ZodType, { description, files }: BodyDocs = {}) {
  const fileFields = (named: Record<string, string>) =>
    z.object(
      Object.fromEntries(
        Object.entries(named).map(([name, what]) => [
          name,
          z.any().optional().openapi({ type: 'string', format: 'binary', description: what }),
        ]),
      ),
    );
  const multipart = files ? z.intersection(schema, fileFields(files)) : schema;
  return {
    required: true,
    ...(description === undefined ? {} : { description }),
    content: Object.fromEntries(
      BODY_TYPES.map((type) => [type, { schema: type === 'multipart/form-data' ? multipart : schema }]),
    ),
  };
}

/** Body schemas by the component name they were first documented under: a schema two calls share is one component. */
const namedBodies = new WeakMap<z.ZodType, z.ZodType>();

/** `/admin/categories/{id}` -> `AdminCategoriesIdBody`: the component name of a call's body. */
const bodyName = (path: string) =>
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('') + 'Body';

/**
 * The route with its body schema named, so the document holds it once as a component that each media type refers
 * to (and that a generated client names), instead of three inline copies.
 */
function withNamedBody<R extends RouteConfig>(route: R): R {
  const content = route.request?.body?.content as Record<string, { schema?: unknown }> | undefined;
  const plain = content?.['application/json']?.schema;
  if (!content || !(plain instanceof z.ZodType)) return route;
  let named = namedBodies.get(plain);
  // zod's own `meta` (an `id` names the component): `.openapi` exists only on schemas made after zod-openapi loaded.
  if (!named) namedBodies.set(plain, (named = plain.meta({ id: bodyName(route.path) })));
  const rename = (schema: unknown) =>
    schema === plain
      ? named
      : schema instanceof z.ZodIntersection && schema.def.left === plain
        ? z.intersection(named, schema.def.right as z.ZodType)
        : schema;
  const renamed = Object.fromEntries(
    Object.entries(content).map(([type, media]) => [type, { ...media, schema: rename(media.schema) }]),
  );
  return { ...route, request: { ...route.request, body: { ...route.request!.body!, content: renamed } } };
}

/**
 * A sub-app whose zod validation failures become the envelope with field messages (422), whose routes refuse
 * query parameters they do not declare (400), and whose documented bodies (`requestBody`) are checked by the service.
 */
export function newRouter() {
  const router = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return toErrorResponse(AppError.validation(fieldErrorsFromZod(result.error)), c);
      return undefined;
    },
  });
  const register = router.openapi as (...args: unknown[]) => unknown;
  router.openapi = ((route: RouteConfig, ...rest: unknown[]) => {
    const enforced = withKnownQuery(route);
    if (!enforced.request?.body) return register(enforced, ...rest);
    const { middleware: _middleware, hide, ...documented } = enforced;
    if (!hide) router.openAPIRegistry.registerPath(withNamedBody(documented));
    const request = { ...enforced.request, body: undefined };
    return register({ ...enforced, request, hide: true }, ...rest);
  }) as typeof router.openapi;
  return router;
}
