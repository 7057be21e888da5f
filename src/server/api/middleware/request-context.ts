import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { env } from '../../env.ts';
import { resolveRequestContext } from '../../platform/request-context.ts';
import type { ApiEnv } from '../context.ts';
import type { ServerDeps } from '../../platform/deps.ts';

/** Tells a client that the token or cookie it sent no longer signs anyone in, and why: `invalid` or `deactivated`. */
export const SESSION_ENDED_HEADER = 'X-Session-Ended';

/** The peer address, or the first X-Forwarded-For hop when a trusted proxy sets it (TRUST_PROXY). */
function clientIp(forwardedFor: string | undefined, peer: string | undefined): string {
  if (env().TRUST_PROXY && forwardedFor) return forwardedFor.split(',')[0]!.trim();
  return peer ?? 'unknown';
}

/**
 * Dependencies, and the request's context as the pages get it too (src/server/platform/request-context.ts): its id,
 * the caller's language, and the caller from `Authorization: Bearer` (API clients) or the session cookie (browser).
 * A token that signs nobody in (unknown, expired, revoked, malformed, or its account deactivated) makes the caller
 * a visitor, so public and optional-token calls still answer, with X-Session-Ended; `requireUser` /
 * `requireAdmin` then answer login-required calls with why.
 */
export function requestContext(deps: ServerDeps) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    for (const [key, value] of Object.entries(deps)) c.set(key as keyof ServerDeps, value as never);
    c.set('clientIp', clientIp(c.req.header('x-forwarded-for'), c.env?.clientAddress));
    const context = await resolveRequestContext(deps.db, {
      url: new URL(c.req.url),
      headers: c.req.raw.headers,
      cookie: (name) => getCookie(c, name),
      takesBearer: true,
    });
    c.set('requestId', context.requestId);
    c.set('t', context.t);
    c.set('user', context.user);
    c.set('credential', context.credential);
    c.set('sessionEnded', context.sessionEnded);
    c.set('fromAllowedOrigin', false);
    c.header('x-request-id', context.requestId);
    if (context.sessionEnded) c.header(SESSION_ENDED_HEADER, context.sessionEnded);
    await next();
  });
}
