import { randomUUID } from 'node:crypto';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { negotiateLanguage } from '../../i18n/negotiate.ts';
import { languageCatalog } from '../../services/language-service.ts';
import type { ApiDeps, ApiEnv } from '../context.ts';

export const LANGUAGE_COOKIE = 'lang';

/** Dependencies, request id and the caller's language for every API request. */
export function requestContext(deps: ApiDeps) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    c.set('db', deps.db);
    c.set('storage', deps.storage);
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
