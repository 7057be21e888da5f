import type { APIRoute } from 'astro';
import { AppError } from '../../server/errors.ts';
import { signInWithGoogle } from '../../server/services/account-service.ts';
import { pageClient, postedForm, safeNext } from '../../server/web/forms.ts';
import { signedInRedirect } from '../../server/web/sign-in-return.ts';

/** The Google button posts the Firebase ID token here; the server verifies it and starts the session. */
export const POST: APIRoute = async ({ request, clientAddress, locals, cookies, url, redirect }) => {
  const next = safeNext(url.searchParams.get('next'));
  const form = await postedForm(request);
  const idToken = form.get('id_token');
  try {
    if (typeof idToken !== 'string' || !idToken)
      throw new AppError('invalid_id_token', 401, 'auth.errors.invalid_id_token');
    const signedIn = await signInWithGoogle(locals.runtime.deps, idToken, pageClient(request, clientAddress));
    return signedInRedirect({ cookies, url, redirect }, signedIn);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirect(`/login?error=${encodeURIComponent(error.code)}&next=${encodeURIComponent(next)}`, 303);
  }
};
