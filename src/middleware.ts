import { STATUS_CODES } from 'node:http';
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { runtime } from './server/runtime.ts';
import { assertDemoAllows } from './server/services/demo-mode.ts';
import type { SessionEnd } from './server/services/session-service.ts';
import { SESSION_COOKIE } from './server/auth/tokens.ts';
import { crossSiteWrite, LANGUAGE_COOKIE, resolveRequestContext } from './server/platform/request-context.ts';
import { AppError } from './server/errors.ts';
import { isApiPath } from './server/api/serve.ts';
import { dropCachedReadsAfter } from './server/cache/read-cache.ts';
import { logger } from './server/logger.ts';
import { holdsNul, pathHasNul } from './server/nul-text.ts';
import { formProblem } from './server/web/forms.ts';
import { endpointMethods, methodNotAllowedPage, PAGE_METHODS } from './server/web/page-methods.ts';
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
  const request = await resolveRequestContext(rt.database.db, {
    url: context.url,
    headers: context.request.headers,
    cookie: (name) => context.cookies.get(name)?.value,
    takesBearer: false,
  });
  locals.requestId = request.requestId;
  if (request.languageChosen) {
    context.cookies.set(LANGUAGE_COOKIE, request.lang, { path: '/', maxAge: ONE_YEAR_S, sameSite: 'lax', secure });
  }
  const t = request.t;
  locals.t = t;
  locals.lang = request.lang;
  locals.dir = t.dir;
  locals.strings = request.catalog.strings(request.lang);
  locals.languages = request.catalog.languages;
  locals.user = request.user;
  const signedOut = request.sessionEnded ? endSessionCookie(context, request.sessionEnded) : null;

  const allow = await allowIfMethodRefused(context);
  // Pages take form posts from our own pages only, by the API's rule for writes bound to the cookie.
  const crossSite = crossSiteWrite(context.request, {
    credential: request.credential,
    cookieBound: true,
    fromAllowedOrigin: false,
  });
  const response = withReasonPhrase(
    allow
      ? methodNotAllowedPage(allow)
      : crossSite
        ? new Response(t('errors.cross_origin'), {
            status: 403,
            headers: { 'content-type': 'text/plain; charset=utf-8' },
          })
        : (signedOut ?? (await renderPage(context, next))),
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

/** The route Astro gives a request for an address no page or endpoint has. */
const NOT_FOUND_ROUTE = '/404';

// The endpoints under src/pages by their route ('/uploads/[...key]'), loaded when asked what methods they take.
const endpoints = new Map(
  Object.entries(import.meta.glob<Record<string, unknown>>('./pages/**/*.ts')).map(([file, load]) => [
    file.replace(/^\.\/pages/, '').replace(/(\/index)?\.ts$/, '') || '/',
    load,
  ]),
);

/**
 * The methods the address takes when the request's method is not one of them (a page's, or an endpoint's own),
 * for a 405; null when it is, when the address is no page (Astro's 404 route answers it) or the method is OPTIONS
 * (left to Astro).
 */
async function allowIfMethodRefused(context: APIContext): Promise<readonly string[] | null> {
  const method = context.request.method;
  if (method === 'OPTIONS' || context.routePattern === NOT_FOUND_ROUTE) return null;
  const load = endpoints.get(context.routePattern);
  const allowed: readonly string[] | null = load ? endpointMethods(await load()) : PAGE_METHODS;
  return allowed && !allowed.includes(method) ? allowed : null;
}

/**
 * A session cookie that signs nobody in is dropped, and the visitor browses as one. An account deactivated while
 * signed in is also told why: its next page is the sign-in page saying so ("Your Account have been Deactivetd by
 * Admin"). Requests for anything but a page (an image, a region a script fetches) keep the cookie, so that the
 * next page still says it.
 */
function endSessionCookie(context: APIContext, ended: SessionEnd): Response | null {
  const page = context.request.headers.get('accept')?.includes('text/html') ?? false;
  if (ended === 'deactivated' && !page) return null;
  context.cookies.delete(SESSION_COOKIE, { path: '/' });
  return ended === 'deactivated' ? context.redirect('/login?error=account_deactivated', 303) : null;
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
    await refuseDemoWrite(context);
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

/**
 * Demo mode (assertDemoAllows): a signed-in user's form post is refused on the 400 page with the demo message. The
 * console's pages are left to say it in their own forms (their services check it too: adminMutation).
 */
async function refuseDemoWrite(context: APIContext): Promise<void> {
  const path = context.url.pathname;
  if (path.startsWith('/admin/')) return;
  const { user, runtime: rt } = context.locals;
  await assertDemoAllows(rt.database.db, { user, method: context.request.method, path });
}

/** A page that set only its status (`Astro.response.status = 422`) is sent with that status's phrase, not "OK". */
function withReasonPhrase(response: Response): Response {
  const phrase = STATUS_CODES[response.status];
  if (!phrase || response.statusText === phrase) return response;
  return new Response(response.body, { status: response.status, statusText: phrase, headers: response.headers });
}
