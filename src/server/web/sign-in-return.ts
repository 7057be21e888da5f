import type { APIContext } from 'astro';
import { safeNext, setSessionCookie } from './forms.ts';

/**
 * The page a sign-in page was asked to return to, or null when none was given (or it was not this site's). The
 * home page is what the sign-in pages pass on when they were given nothing, so it counts as nothing.
 */
export function askedReturn(url: URL): string | null {
  const next = safeNext(url.searchParams.get('next'), '/');
  return next === '/' ? null : next;
}

/**
 * Where a sign-in lands: the page the visitor came from whenever there is one, whether or not the profile is
 * complete (adding a listing asks for it when it matters); without one, an incomplete profile is where to start.
 */
export function afterSignIn(asked: string | null, profileComplete: boolean): string {
  if (asked) return asked;
  return profileComplete ? '/' : '/user/profile';
}

/** The profile step after creating an account, keeping the page to return to once the profile is done. */
export function welcomeStep(asked: string | null): string {
  return asked ? `/user/profile?welcome=1&next=${encodeURIComponent(asked)}` : '/user/profile?welcome=1';
}

/** A session a sign-in or a new account starts, as the account service returns it. */
interface StartedSession {
  token: string;
  token_expires_at: string;
  is_profile_complete: boolean;
}

/**
 * The answer to a sign-in that worked: the session cookie set (secure over HTTPS), then a 303 to `landing`, by
 * default where a sign-in lands (afterSignIn).
 */
export function signedInRedirect(
  page: Pick<APIContext, 'cookies' | 'url' | 'redirect'>,
  session: StartedSession,
  landing = afterSignIn(askedReturn(page.url), session.is_profile_complete),
): Response {
  setSessionCookie(page.cookies, session.token, session.token_expires_at, page.url.protocol === 'https:');
  return page.redirect(landing, 303);
}
