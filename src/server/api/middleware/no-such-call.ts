import type { Context, NotFoundHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { AppError } from '../../errors.ts';
import type { ApiEnv } from '../context.ts';
import { toErrorResponse } from '../error-handler.ts';

/** What of the API the method rule reads: its routes, each a method and a path (`use` middleware is method ALL). */
interface Routed {
  routes: readonly { method: string; path: string }[];
}

// The index of each app's paths, built on first use: the routes are all added by the time a request arrives.
const indexes = new WeakMap<Routed, TrieRouter<string>>();

function indexOf(app: Routed): TrieRouter<string> {
  let index = indexes.get(app);
  if (!index) {
    index = new TrieRouter<string>();
    for (const { method, path } of app.routes) if (method !== 'ALL') index.add('ALL', path, method);
    indexes.set(app, index);
  }
  return index;
}

/**
 * The methods the API takes at a path, as its routes declare them (HEAD wherever GET is, as Hono answers it); none
 * for a path that is no call. The router is Hono's, so a path matches here exactly when it would match a route.
 */
export function allowedMethods(app: Routed, pathname: string): string[] {
  const methods = new Set(
    indexOf(app)
      .match('ALL', pathname)[0]
      .map(([method]) => method),
  );
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}

export const methodNotAllowedError = () => new AppError('method_not_allowed', 405, 'errors.method_not_allowed');

/** 405 for a path that takes other methods, with their list as the Allow header (RFC 9110 section 15.5.6). */
function methodNotAllowed(c: Context<ApiEnv>, allowed: readonly string[]): Response {
  c.header('allow', allowed.join(', '));
  return toErrorResponse(methodNotAllowedError(), c);
}

/**
 * The answer when no route took the request: 405 when the path is a call that takes other methods, 404 when it is
 * no call at all. OPTIONS is left as any unknown request (404), for a preflight handler to take.
 */
export const noSuchCall =
  (app: Routed): NotFoundHandler<ApiEnv> =>
  (c) => {
    const allowed = c.req.method === 'OPTIONS' ? [] : allowedMethods(app, c.req.path);
    return allowed.length ? methodNotAllowed(c, allowed) : toErrorResponse(AppError.notFound('errors.no_such_call'), c);
  };
