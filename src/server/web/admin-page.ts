import type { AstroGlobal } from 'astro';
import type { SessionUser } from '../auth/session-user.ts';
import { adminPageUser } from '../services/admin-access.ts';
import { loginRedirect } from './forms.ts';

/**
 * A console page's admin, or the page's answer to anyone else: to sign in first, or, for a signed-in user who is
 * no admin, the 403 "Admin Only Operation" page.
 */
export async function adminOrAnswer(
  astro: Pick<AstroGlobal, 'locals' | 'url' | 'redirect' | 'rewrite'>,
): Promise<SessionUser | Response> {
  const admin = adminPageUser(astro.locals.user);
  if (admin === 'anonymous') return astro.redirect(loginRedirect(astro.url));
  if (admin === 'forbidden') return astro.rewrite('/admin/forbidden');
  return admin;
}
