import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  register,
  signInWithGoogle,
  signInWithPassword,
  userSignupSchema,
  type SignedIn,
} from '../../services/account-service.ts';
import { registerSchema } from '../../../lib/validation/account.ts';
import { sendCode, verifyCode, verifyCodeSchema } from '../../services/otp-service.ts';
import { requestPasswordReset, resetPassword, resetPasswordSchema } from '../../services/password-reset-service.ts';
import { readBody } from '../body.ts';
import { clientInfo } from '../client-info.ts';
import type { ApiEnv } from '../context.ts';
import { envelope, ok, replies } from '../envelope.ts';
import { newRouter, requestBody } from '../router.ts';

const signedIn = z
  .record(z.string(), z.unknown())
  .openapi('SignedInUser', { description: 'The user with `token` for the Authorization header' });
const nothing = z.null();

/** A sign-in's reply: the token in the user's data (spec section 7), and at the top, where eBroker's clients read it. */
const signedInReplies = (description: string) => {
  const all = replies(signedIn, description);
  const schema = envelope(signedIn).extend({ token: z.string().describe('The same token as data.token') });
  return { ...all, 200: { ...all[200], content: { 'application/json': { schema } } } };
};
const signedInReply = (c: Context<ApiEnv>, user: SignedIn, messageKey: string) =>
  c.json({ error: false as const, message: c.var.t(messageKey), data: user, token: user.token }, 200);

const post = (path: string, summary: string, description: string, body: z.ZodType, data: z.ZodType = signedIn) =>
  createRoute({
    method: 'post',
    path,
    tags: ['accounts'],
    summary,
    description,
    request: { body: requestBody(body) },
    responses: data === signedIn ? signedInReplies(summary) : replies(data, summary),
  });

const routes = {
  register: post(
    '/user-register',
    'Register with email',
    'Body (JSON or form): name, email, mobile, password, re_password. Signs in at once. An email or mobile number ' +
      'that already has an account is refused (409 email_in_use or mobile_in_use, "sign in, or reset your ' +
      'password") and that account is told by mail, at most once an hour.',
    registerSchema,
  ),
  signup: post(
    '/user_signup',
    'Sign in',
    'Body: logintype `email` (email, password), `phone` (mobile, otp from get-otp) or `google` (auth_id: a Firebase ID token); optional fcm_id. ' +
      'Without logintype, the numeric `type` names it: 0 google, 1 phone, 3 email. ' +
      'Unknown accounts and wrong passwords get the same answer.',
    userSignupSchema,
  ),
  getOtp: createRoute({
    method: 'get',
    path: '/get-otp',
    tags: ['accounts'],
    summary: 'Send a one-time code by SMS (number) or email',
    description:
      'Exactly one of number and email. Neither, or both, is refused (422) with a message on both fields; ' +
      'verify-otp takes the same pair.',
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
    responses: signedInReplies('Signed in'),
  }),
  verifyOtpPost: post(
    '/verify-otp',
    'Check a one-time code (body instead of query)',
    'Body: number or email, otp; optional fcm_id.',
    verifyCodeSchema,
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
    resetPasswordSchema,
    nothing,
  ),
};

export const authRoutes = newRouter()
  .openapi(routes.register, async (c) =>
    signedInReply(c, await register(c.var, (await readBody(c)).fields, clientInfo(c), c.var.t), 'auth.registered'),
  )
  .openapi(routes.signup, async (c) => {
    const body = userSignupSchema.parse((await readBody(c)).fields);
    const client = clientInfo(c);
    const user =
      body.logintype === 'email'
        ? await signInWithPassword(c.var, body, client)
        : body.logintype === 'phone'
          ? await verifyCode(c.var, { number: body.mobile, otp: body.otp, fcm_id: body.fcm_id }, client)
          : await signInWithGoogle(c.var, body.auth_id, client, body.fcm_id);
    return signedInReply(c, user, 'auth.signed_in');
  })
  .openapi(routes.getOtp, async (c) =>
    ok(c, await sendCode(c.var, c.req.valid('query'), clientInfo(c), c.var.t), 'auth.otp_sent'),
  )
  .openapi(routes.verifyOtpGet, async (c) =>
    signedInReply(c, await verifyCode(c.var, c.req.valid('query'), clientInfo(c)), 'auth.signed_in'),
  )
  .openapi(routes.verifyOtpPost, async (c) =>
    signedInReply(c, await verifyCode(c.var, (await readBody(c)).fields, clientInfo(c)), 'auth.signed_in'),
  )
  .openapi(routes.forgot, async (c) => {
    await requestPasswordReset(c.var, c.req.valid('query'), clientInfo(c), c.var.t);
    return ok(c, null, 'auth.reset_sent');
  })
  .openapi(routes.reset, async (c) => {
    await resetPassword(c.var, (await readBody(c)).fields);
    return ok(c, null, 'auth.password_reset');
  });
