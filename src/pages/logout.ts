import type { APIRoute } from 'astro';
import { logout } from '../server/services/profile-service.ts';
import { clearSessionCookie } from '../server/web/forms.ts';

/** The header's sign-out button posts here (a form, so it works without JavaScript). */
export const POST: APIRoute = async ({ locals, cookies, redirect }) => {
  if (locals.user) await logout(locals.runtime.deps, locals.user);
  clearSessionCookie(cookies);
  return redirect('/', 303);
};
