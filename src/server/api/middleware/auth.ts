import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { bearerToken, SESSION_COOKIE } from '../../auth/tokens.ts';
import { mayWrite } from '../../cache/read-cache.ts';
import { AppError } from '../../errors.ts';
import { resolveSession } from '../../services/session-service.ts';
import { isOwnOrigin } from '../../web/request-origin.ts';
import type { ApiEnv } from '../context.ts';

/**
 * Resolves the caller from `Authorization: Bearer` (API clients) or the session cookie (browser).
 * Runs on every route; `requireUser` / `requireAdmin` then enforce the spec's login-required calls.
 */
export const identify = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header('authorization');
  const fromHeader = bearerToken(header);
  if (header && !fromHeader) throw AppError.unauthenticated('errors.invalid_token');
  const token = fromHeader ?? getCookie(c, SESSION_COOKIE) ?? null;
  if (token) {
    const user = await resolveSession(c.var.db, token);
    if (!user && fromHeader) throw AppError.unauthenticated('errors.invalid_token');
    c.set('user', user);
    c.set('authViaCookie', !fromHeader && user !== null);
  }
  if (mayWrite(c.req.method) && !fromHeader) assertOwnOrigin(c.req.raw, c.var.authViaCookie);
  await next();
});

/**
 * A write from a browser must come from our own pages. Another site's form could otherwise act with the visitor's
 * session cookie, or sign them in to an account of its choosing. A bearer token is never sent on its own, so calls
 * carrying one pass; apps and scripts send no Origin; a write riding on the cookie must name our origin.
 */
function assertOwnOrigin(request: Request, viaCookie: boolean): void {
  const origin = request.headers.get('origin');
  if (origin ? !isOwnOrigin(origin, request.url) : viaCookie) throw AppError.forbidden('errors.cross_origin');
}

export const requireUser = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.var.user) throw AppError.unauthenticated();
  await next();
});

export const requireAdmin = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.var.user) throw AppError.unauthenticated();
  if (c.var.user.role !== 'admin') throw new AppError('admin_only', 403, 'errors.admin_only');
  await next();
});
