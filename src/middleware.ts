import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { SESSION_COOKIE } from './server/auth/tokens.ts';
import { LANGUAGE_COOKIE } from './server/api/middleware/request-context.ts';
import { negotiateLanguage } from './server/i18n/negotiate.ts';
import { runtime } from './server/runtime.ts';
import { languageCatalog } from './server/services/language-service.ts';
import { resolveSession } from './server/services/session-service.ts';
import { AppError } from './server/errors.ts';
import { isApiPath } from './server/api/serve.ts';
import { dropCachedReadsAfter, mayWrite } from './server/cache/read-cache.ts';
import { logger } from './server/logger.ts';
import { holdsNul, pathHasNul } from './server/nul-text.ts';
import { formProblem } from './server/web/forms.ts';
import { isOwnOrigin } from './server/web/request-origin.ts';
import { applySecurityHeaders } from './server/web/security-headers.ts';
import { pageShowsMap } from './server/geo/map-provider.ts';
import { mapPagePolicy } from './server/services/map-config-service.ts';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Pages: request id, the signed-in user, the language, security headers. The API does its own (src/server/api/serve.ts). */
export const onRequest = defineMiddleware(async (context, next) => {
  // The API adds its own headers and log line (src/server/api/serve.ts).
  if (isApiPath(context.url.pathname)) return next();
  const started = performance.now();
  const response = await handle(context, next);
  // One structured line per request, joined to error logs by the request id (the API sets its own).
  logger.info('request', {
    requestId: response.headers.get('x-request-id'),
    method: context.request.method,
    path: context.url.pathname,
    status: response.status,
    ms: Math.round(performance.now() - started),
  });
  return response;
});

async function handle(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const secure = context.url.protocol === 'https:';

  const rt = await runtime();
  const locals = context.locals;
  locals.runtime = rt;
  locals.requestId = randomUUID();

  const catalog = await languageCatalog(rt.database.db);
  const requested = context.url.searchParams.get('lang');
  const lang = negotiateLanguage(
    {
      query: requested,
      cookie: context.cookies.get(LANGUAGE_COOKIE)?.value,
      acceptLanguage: context.request.headers.get('accept-language'),
    },
    catalog.languages.map((l) => l.code),
    catalog.defaultCode,
  );
  if (requested && catalog.has(lang)) {
    context.cookies.set(LANGUAGE_COOKIE, lang, { path: '/', maxAge: ONE_YEAR_S, sameSite: 'lax', secure });
  }
  const t = catalog.translator(lang);
  locals.t = t;
  locals.lang = lang;
  locals.dir = t.dir;
  locals.strings = catalog.strings(lang);
  locals.languages = catalog.languages;

  locals.user = null;
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  if (token) {
    try {
      locals.user = await resolveSession(rt.database.db, token);
    } catch (error) {
      // A deactivated account browses as a visitor; the API tells it why on its next call.
      if (!(error instanceof AppError)) throw error;
    }
    if (!locals.user) context.cookies.delete(SESSION_COOKIE, { path: '/' });
  }

  // Pages take form posts from our own pages only (the API applies the same rule to itself).
  const crossSite =
    mayWrite(context.request.method) && !isOwnOrigin(context.request.headers.get('origin'), context.url.href);
  const response = withReasonPhrase(
    crossSite
      ? new Response(t('errors.cross_origin'), {
          status: 403,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        })
      : await renderPage(context, next),
  );
  // A form post may have changed what the cached public reads show (the API drops them itself).
  dropCachedReadsAfter(context.request.method, response.status);
  applySecurityHeaders(response.headers, secure);
  // Map pages load tiles (or Google's script) from the configured map host: allowed there, and only there.
  const policy = response.headers.get('content-security-policy');
  if (policy && pageShowsMap(context.url.pathname))
    response.headers.set('content-security-policy', await mapPagePolicy(rt.database.db, policy));
  response.headers.set('x-request-id', locals.requestId);
  if (!response.headers.has('vary')) response.headers.set('vary', 'Cookie, Accept-Language');
  return response;
}

/**
 * The page, or the page of what went wrong with the request when it is the visitor's to fix or wait out: a
 * service's 404 thrown from a page's frontmatter (a receipt, a payment of someone else's) is the visitor's missing
 * page, and the other errors a form post shows (bad input, too many attempts) answer with their status on the 400
 * page, not as a fault. Real faults are rethrown for the 500 page.
 */
async function renderPage(context: APIContext, next: MiddlewareNext): Promise<Response> {
  try {
    refuseNulInput(context);
    return await next();
  } catch (error) {
    const problem = formProblem(error, context.locals.t);
    context.locals.problem = problem;
    // A GET of its own: the page may have read the post's body, which a rewrite of the request would need again.
    const page = new URL(problem.status === 404 ? '/404' : '/400', context.url);
    return context.rewrite(new Request(page, { headers: context.request.headers }));
  }
}

/**
 * PostgreSQL cannot store NUL (src/server/nul-text.ts): a path holding one names no page, a query holding one is
 * refused before the page reads it. Form posts are refused where pages read them (`postedForm`).
 */
function refuseNulInput(context: APIContext): void {
  if (pathHasNul(context.url)) throw AppError.notFound();
  if (holdsNul([...context.url.searchParams])) throw AppError.badRequest('errors.invalid_text');
}

/** A page that set only its status (`Astro.response.status = 422`) is sent with that status's phrase, not "OK". */
function withReasonPhrase(response: Response): Response {
  const phrase = STATUS_CODES[response.status];
  if (!phrase || response.statusText === phrase) return response;
  return new Response(response.body, { status: response.status, statusText: phrase, headers: response.headers });
}
