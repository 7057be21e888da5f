import { randomUUID } from 'node:crypto';
import { bearerToken, SESSION_COOKIE } from '../auth/tokens.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { mayWrite } from '../cache/read-cache.ts';
import type { Database } from '../db/client.ts';
import type { Translator } from '../i18n/translator.ts';
import { negotiateLanguage } from '../i18n/negotiate.ts';
import { languageCatalog, type LanguageCatalog } from '../services/language-service.ts';
import { resolveSession, type SessionEnd } from '../services/session-service.ts';
import { isOwnOrigin } from '../web/request-origin.ts';

/**
 * What both front doors know about a request before anything answers it: its id, the language it is answered in,
 * who sent it and with what. The pages' middleware (src/middleware.ts) and the API's (src/server/api/app.ts) both
 * resolve it here, so the two cannot drift apart.
 */
export interface RequestContext {
  requestId: string;
  lang: string;
  t: Translator;
  catalog: LanguageCatalog;
  /** The query named a language the site has: pages remember the choice in a cookie. */
  languageChosen: boolean;
  user: SessionUser | null;
  /** The token or cookie sent signs nobody in (the caller is then a visitor): why. */
  sessionEnded: SessionEnd | null;
  /** What proved who the caller is; a write riding on the cookie must come from this site. */
  credential: 'bearer' | 'cookie' | null;
}

export interface RequestSignals {
  url: URL;
  headers: Headers;
  cookie(name: string): string | undefined;
  /** The API takes `Authorization: Bearer` (apps, other sites' pages); pages read the session cookie only. */
  takesBearer: boolean;
}

/** The cookie that keeps a visitor's chosen language. */
export const LANGUAGE_COOKIE = 'lang';

/** A request id a proxy or client sent is kept when it looks like one, so log lines join up across hops. */
const REQUEST_ID = /^[\w-]{8,64}$/;

export async function resolveRequestContext(db: Database, signals: RequestSignals): Promise<RequestContext> {
  const { url, headers, cookie } = signals;
  const incomingId = headers.get('x-request-id');
  const requestId = incomingId && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();

  const catalog = await languageCatalog(db);
  const asked = url.searchParams.get('lang') ?? headers.get('x-language');
  const lang = negotiateLanguage(
    { query: asked, cookie: cookie(LANGUAGE_COOKIE), acceptLanguage: headers.get('accept-language') },
    catalog.languages.map((l) => l.code),
    catalog.defaultCode,
  );

  // When an Authorization header is sent it is the credential, and the cookie is not read.
  const authorization = signals.takesBearer ? headers.get('authorization') : null;
  const bearer = bearerToken(authorization);
  const token = authorization ? bearer : (cookie(SESSION_COOKIE) ?? null);
  const session = token ? await resolveSession(db, token) : null;
  const user = session?.user ?? null;
  return {
    requestId,
    lang,
    t: catalog.translator(lang),
    catalog,
    languageChosen: url.searchParams.has('lang') && catalog.has(lang),
    user,
    sessionEnded: authorization && !bearer ? 'invalid' : (session?.ended ?? null),
    credential: bearer ? 'bearer' : user ? 'cookie' : null,
  };
}

/**
 * A write from a browser must come from our own pages: another site's form could otherwise act with the visitor's
 * session cookie, or sign them in to an account of its choosing. A bearer token is never sent on its own, so
 * writes carrying one pass; apps and scripts send no Origin. A write bound to the cookie (every page form: it acts
 * with the cookie or sets it) must name our origin. A site allowed to call the API (CORS_ORIGINS, the console's
 * allowed_origins) writes without a session, as our own pages may, but never with the cookie (docs/decisions/043).
 */
export function crossSiteWrite(
  request: Request,
  rule: { credential: RequestContext['credential']; cookieBound: boolean; fromAllowedOrigin: boolean },
): boolean {
  if (!mayWrite(request.method) || rule.credential === 'bearer') return false;
  const origin = request.headers.get('origin');
  if (!origin) return rule.cookieBound;
  return !isOwnOrigin(origin, request.url) && !(rule.fromAllowedOrigin && !rule.cookieBound);
}
