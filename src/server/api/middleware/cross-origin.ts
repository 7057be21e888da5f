import { createMiddleware } from 'hono/factory';
import { allowedOrigins } from '../../services/allowed-origins.ts';
import type { ApiEnv } from '../context.ts';

/** What a page of an allowed origin may send (docs/decisions/043): the API's methods and the headers it reads. */
const ALLOW_METHODS = 'GET, HEAD, POST, DELETE';
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept-Language, X-Language, X-Request-Id, Last-Event-ID';
/** Headers beyond the safelisted ones that such a page may read: the request id, when to retry, a session's end. */
const EXPOSE_HEADERS = 'X-Request-Id, Retry-After, X-Session-Ended, Content-Disposition';
/** How long a browser may keep a preflight's answer; Chromium keeps one two hours at most. */
const PREFLIGHT_MAX_AGE_S = 7200;

/**
 * CORS for the API, mounted once before the caller is identified (app.ts). A request from an allowed origin
 * (CORS_ORIGINS, the console's allowed_origins) gets that origin back in Access-Control-Allow-Origin, never `*`,
 * and no Access-Control-Allow-Credentials: such pages call with bearer tokens, not our cookie. Any other origin
 * gets no CORS headers, so its browser keeps the reply from it. An OPTIONS request (a browser's preflight) is
 * answered here, 204, before routing could call the path unknown or the method wrong.
 */
export const crossOrigin = createMiddleware<ApiEnv>(async (c, next): Promise<Response | void> => {
  const origin = c.req.header('origin');
  const allowed = origin !== undefined && (await allowedOrigins(c.var.db)).has(origin);
  c.set('fromAllowedOrigin', allowed);
  if (c.req.method === 'OPTIONS') {
    c.header('vary', 'Origin', { append: true });
    if (allowed) {
      c.header('access-control-allow-origin', origin);
      c.header('access-control-allow-methods', ALLOW_METHODS);
      c.header('access-control-allow-headers', ALLOW_HEADERS);
      c.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S));
    }
    return c.body(null, 204);
  }
  await next();
  // Replies differ by Origin whenever any origin is allowed, and the console may allow one at any time.
  c.res.headers.append('vary', 'Origin');
  if (allowed) {
    c.res.headers.set('access-control-allow-origin', origin);
    c.res.headers.set('access-control-expose-headers', EXPOSE_HEADERS);
  }
});
