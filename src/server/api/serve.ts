import { AppError } from '../errors.ts';
import { logger } from '../logger.ts';
import { applySecurityHeaders } from '../web/security-headers.ts';
import type { Api } from './app.ts';

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
  failure?: unknown,
): Promise<Response> {
  const started = performance.now();
  const response = await api.fetch(request, { clientAddress, failure });
  applySecurityHeaders(response.headers, new URL(request.url).protocol === 'https:');
  logger.info('request', {
    requestId: response.headers.get('x-request-id'),
    method: request.method,
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
  return serveApi(api, new Request('http://localhost/api'), undefined, failure);
}

interface DirectApi {
  answer(request: Request, clientAddress: string | undefined): Promise<Response>;
  fail(error: unknown): Promise<Response>;
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
  };
}
