import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { bearerToken, SESSION_COOKIE } from '../../auth/tokens.ts';
import { env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { resolveSession } from '../../services/session-service.ts';
import type { ApiEnv } from '../context.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
  if (c.var.authViaCookie && !SAFE_METHODS.has(c.req.method)) assertSameOrigin(c.req.raw);
  await next();
});

/** Cookie sessions ride along on cross-site requests; a write must come from our own origin. */
function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  const allowed = new Set([new URL(request.url).origin, new URL(env().PUBLIC_URL).origin]);
  if (!origin || !allowed.has(origin)) throw AppError.forbidden('errors.cross_origin');
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
