import type { AstroGlobal } from 'astro';
import { MAX_ID } from '../../lib/validation/ids.ts';
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

/**
 * A console page about one row (`/admin/users/12`): its admin and the row's id, or the page's answer: as
 * adminOrAnswer for anyone else, and the 404 page for an id that cannot name a row.
 */
export async function adminRowOrAnswer(
  astro: Pick<AstroGlobal, 'locals' | 'url' | 'params' | 'redirect' | 'rewrite'>,
): Promise<{ admin: SessionUser; id: number } | Response> {
  const admin = await adminOrAnswer(astro);
  if (admin instanceof Response) return admin;
  const id = Number(astro.params['id']);
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return astro.rewrite('/404');
  return { admin, id };
}
