import { randomUUID } from 'node:crypto';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { env } from '../../env.ts';
import { negotiateLanguage } from '../../i18n/negotiate.ts';
import { languageCatalog } from '../../services/language-service.ts';
import type { ApiDeps, ApiEnv } from '../context.ts';

export const LANGUAGE_COOKIE = 'lang';

/** The peer address, or the first X-Forwarded-For hop when a trusted proxy sets it (TRUST_PROXY). */
function clientIp(forwardedFor: string | undefined, peer: string | undefined): string {
  if (env().TRUST_PROXY && forwardedFor) return forwardedFor.split(',')[0]!.trim();
  return peer ?? 'unknown';
}

/** Dependencies, request id and the caller's language for every API request. */
export function requestContext(deps: ApiDeps) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    for (const [key, value] of Object.entries(deps)) c.set(key as keyof ApiDeps, value as never);
    c.set('clientIp', clientIp(c.req.header('x-forwarded-for'), c.env?.clientAddress));
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.set('user', null);
    c.set('authViaCookie', false);
    const catalog = await languageCatalog(deps.db);
    const lang = negotiateLanguage(
      {
        query: c.req.query('lang') ?? c.req.header('x-language'),
        cookie: getCookie(c, LANGUAGE_COOKIE),
        acceptLanguage: c.req.header('accept-language'),
      },
      catalog.languages.map((l) => l.code),
      catalog.defaultCode,
    );
    c.set('t', catalog.translator(lang));
    c.header('x-request-id', requestId);
    await next();
  });
}
