import { safeNext } from './forms.ts';

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
