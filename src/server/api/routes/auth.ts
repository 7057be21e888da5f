import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '../../errors.ts';
import { register, signInWithGoogle, signInWithPassword, userSignupSchema } from '../../services/account-service.ts';
import { sendCode, verifyCode } from '../../services/otp-service.ts';
import { requestPasswordReset, resetPassword } from '../../services/password-reset-service.ts';
import { readBody } from '../body.ts';
import { clientInfo } from '../client-info.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter } from '../router.ts';

const signedIn = z
  .record(z.string(), z.unknown())
  .openapi('SignedInUser', { description: 'The user with `token` for the Authorization header' });
const nothing = z.null();

const post = (path: string, summary: string, description: string, data: z.ZodType = signedIn) =>
  createRoute({ method: 'post', path, tags: ['accounts'], summary, description, responses: replies(data, summary) });

const routes = {
  register: post(
    '/user-register',
    'Register with email',
    'Body (JSON or form): name, email, mobile, password, re_password.',
  ),
  signup: post(
    '/user_signup',
    'Sign in',
    'Body: logintype `email` (email, password), `phone` (mobile, otp from get-otp) or `google` (auth_id: a Firebase ID token); optional fcm_id. ' +
      'Unknown accounts and wrong passwords get the same answer.',
  ),
  getOtp: createRoute({
    method: 'get',
    path: '/get-otp',
    tags: ['accounts'],
    summary: 'Send a one-time code by SMS (number) or email',
    request: { query: z.object({ number: z.string().optional(), email: z.string().optional() }) },
    responses: replies(
      z.object({ channel: z.enum(['sms', 'email']), resend_after_seconds: z.number(), expires_in_seconds: z.number() }),
      'Sent',
    ),
  }),
  verifyOtpGet: createRoute({
    method: 'get',
    path: '/verify-otp',
    tags: ['accounts'],
    summary: 'Check a one-time code and sign in (creates the account on first use)',
    request: { query: z.object({ number: z.string().optional(), email: z.string().optional(), otp: z.string() }) },
    responses: replies(signedIn, 'Signed in'),
  }),
  verifyOtpPost: post(
    '/verify-otp',
    'Check a one-time code (body instead of query)',
    'Body: number or email, otp; optional fcm_id.',
  ),
  forgot: createRoute({
    method: 'get',
    path: '/forgot-password',
    tags: ['accounts'],
    summary: 'Mail a password reset link; the same answer whether or not the account exists',
    request: { query: z.object({ email: z.string() }) },
    responses: replies(nothing, 'Requested'),
  }),
  reset: post(
    '/reset-password',
    'Set a new password with the mailed token; signs out every session',
    'Body: token, password, re_password.',
    nothing,
  ),
};

export const authRoutes = newRouter()
  .openapi(routes.register, async (c) =>
    ok(c, await register(c.var, (await readBody(c)).fields, clientInfo(c)), 'auth.registered'),
  )
  .openapi(routes.signup, async (c) => {
    const body = userSignupSchema.parse((await readBody(c)).fields);
    if (body.logintype === 'email')
      return ok(c, await signInWithPassword(c.var, body, clientInfo(c)), 'auth.signed_in');
    if (body.logintype === 'phone')
      return ok(
        c,
        await verifyCode(c.var, { number: body.mobile, otp: body.otp, fcm_id: body.fcm_id }, clientInfo(c)),
        'auth.signed_in',
      );
    if (body.logintype === 'google')
      return ok(c, await signInWithGoogle(c.var, body.auth_id, clientInfo(c), body.fcm_id), 'auth.signed_in');
    throw AppError.badRequest('errors.bad_request');
  })
  .openapi(routes.getOtp, async (c) =>
    ok(c, await sendCode(c.var, c.req.valid('query'), clientInfo(c), c.var.t), 'auth.otp_sent'),
  )
  .openapi(routes.verifyOtpGet, async (c) =>
    ok(c, await verifyCode(c.var, c.req.valid('query'), clientInfo(c)), 'auth.signed_in'),
  )
  .openapi(routes.verifyOtpPost, async (c) =>
    ok(c, await verifyCode(c.var, (await readBody(c)).fields, clientInfo(c)), 'auth.signed_in'),
  )
  .openapi(routes.forgot, async (c) => {
    await requestPasswordReset(c.var, c.req.valid('query'), clientInfo(c), c.var.t);
    return ok(c, null, 'auth.reset_sent');
  })
  .openapi(routes.reset, async (c) => {
    await resetPassword(c.var, (await readBody(c)).fields);
    return ok(c, null, 'auth.password_reset');
  });
