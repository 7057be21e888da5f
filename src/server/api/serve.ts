import { AppError } from '../errors.ts';
import { logger } from '../logger.ts';
import { methodNotAllowedPage, PAGE_METHODS } from '../web/page-methods.ts';
import { applySecurityHeaders } from '../web/security-headers.ts';
import type { Api } from './app.ts';
import { allowedMethods, methodNotAllowedError } from './middleware/no-such-call.ts';

/** Whether a path belongs to the JSON API rather than to the pages. */
export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

/**
 * Answers one API request: the Hono app, then the security headers every response carries and one structured log
 * line joined to error logs by the request id the API sets. Both ways in use it: Astro's catch-all route (the dev
 * server) and scripts/start.mjs, which hands API requests here directly (see `exposeApi`).
 */
export async function serveApi(
  api: Api,
  request: Request,
  clientAddress: string | undefined,
  answering: { failure?: unknown; method?: string } = {},
): Promise<Response> {
  const started = performance.now();
  const response = await api.fetch(request, { clientAddress, failure: answering.failure });
  applySecurityHeaders(response.headers, new URL(request.url).protocol === 'https:');
  logger.info('request', {
    requestId: response.headers.get('x-request-id'),
    method: answering.method ?? request.method,
    path: new URL(request.url).pathname,
    status: response.status,
    ms: Math.round(performance.now() - started),
  });
  return response;
}

/**
 * The answer when scripts/start.mjs could not make a request of what arrived (a bad Host header or URL, which
 * @hono/node-server reports as a `RequestError`) or answering it failed outside the API's error handling: the
 * API's own envelope, headers and log line, as for any other error.
 */
export function serveFailure(api: Api, error: unknown): Promise<Response> {
  const failure =
    error instanceof Error && error.name === 'RequestError' ? AppError.badRequest('errors.bad_request') : error;
  return serveApi(api, new Request('http://localhost/api'), undefined, { failure });
}

/**
 * A request in a method no fetch Request can carry (TRACE, TRACK, CONNECT), which scripts/start.mjs can hand
 * neither to the API nor to Astro. Nothing here takes them: 405 with the methods the path does take (an API call's
 * own, or those of pages), or the API's 404 for a path under /api that is no call.
 */
export async function serveUncarriableMethod(
  api: Api,
  method: string,
  url: string,
  clientAddress: string | undefined,
): Promise<Response> {
  const { pathname, protocol } = new URL(url);
  if (!isApiPath(pathname)) {
    const response = methodNotAllowedPage(PAGE_METHODS);
    applySecurityHeaders(response.headers, protocol === 'https:');
    return response;
  }
  const allowed = allowedMethods(api, pathname);
  const failure = allowed.length ? methodNotAllowedError() : AppError.notFound('errors.no_such_call');
  const response = await serveApi(api, new Request(url), clientAddress, { failure, method });
  if (allowed.length) response.headers.set('allow', allowed.join(', '));
  return response;
}

interface DirectApi {
  answer(request: Request, clientAddress: string | undefined): Promise<Response>;
  fail(error: unknown): Promise<Response>;
  refuseMethod(method: string, url: string, clientAddress: string | undefined): Promise<Response>;
}
const key = Symbol.for('marketplace.api');
const registry = globalThis as unknown as Record<symbol, DirectApi | undefined>;

/**
 * Lets scripts/start.mjs answer /api requests without Astro's page pipeline (its static-file lookup, a dynamic
 * import of the route module, middleware and response copying cost about a third of an API call's server time).
 * On globalThis because start.mjs and the bundled server are loaded separately, as with the shutdown hooks.
 */
export function exposeApi(api: Api): void {
  registry[key] = {
    answer: (request, clientAddress) => serveApi(api, request, clientAddress),
    fail: (error) => serveFailure(api, error),
    refuseMethod: (method, url, clientAddress) => serveUncarriableMethod(api, method, url, clientAddress),
  };
}
