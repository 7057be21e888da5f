import { createMiddleware } from 'hono/factory';
import { AppError } from '../../errors.ts';
import { crossSiteWrite } from '../../platform/request-context.ts';
import { sessionEndedError } from '../../services/session-service.ts';
import type { ApiEnv } from '../context.ts';

/** Writes from another site's pages are refused by the rule pages keep too (crossSiteWrite). */
export const refuseCrossSiteWrites = createMiddleware<ApiEnv>(async (c, next) => {
  const { credential, fromAllowedOrigin } = c.var;
  if (crossSiteWrite(c.req.raw, { credential, cookieBound: credential === 'cookie', fromAllowedOrigin }))
    throw AppError.forbidden('errors.cross_origin');
  await next();
});

/** Why a login-required call is refused: the session that ended, or none sent. */
const signInNeeded = (c: { var: ApiEnv['Variables'] }) =>
  c.var.sessionEnded ? sessionEndedError(c.var.sessionEnded) : AppError.unauthenticated();

export const requireUser = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.var.user) throw signInNeeded(c);
  await next();
});

export const requireAdmin = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.var.user) throw signInNeeded(c);
  if (c.var.user.role !== 'admin') throw new AppError('admin_only', 403, 'errors.admin_only');
  await next();
});
