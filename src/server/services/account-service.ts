import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { claimUniqueSlug, slugify } from '../../lib/slug.ts';
import { registerSchema } from '../../lib/validation/account.ts';
import { emailSchema, passwordSchema, phoneSchema } from '../../lib/validation/fields.ts';
import type { ServerDeps } from '../platform/deps.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { Database, Executor } from '../db/client.ts';
import { AppError, isUniqueViolation } from '../errors.ts';
import type { Translator } from '../i18n/translator.ts';
import { logger } from '../logger.ts';
import {
  contactTaken,
  findUserByAuthId,
  findUserByEmail,
  findUserByMobile,
  insertUser,
  slugTaken,
  updateUser,
  type NewUser,
  type UserRow,
} from '../repositories/user-repository.ts';
import { siteUrl } from '../web/site.ts';
import { consume, forgive, limits, signInFailureKey, withinLimit } from './rate-limit-service.ts';
import { accountDeactivatedError, startSession } from './session-service.ts';
import { getSiteName } from './settings-service.ts';
import { ownUserView } from './user-view.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export const invalidCredentials = () => new AppError('invalid_credentials', 401, 'auth.errors.invalid_credentials');

/** Signs the user in: refuses deactivated accounts, remembers the push token, returns the user with the token. */
export async function signInUser(
  deps: Pick<ServerDeps, 'db' | 'storage'>,
  user: UserRow,
  client: ClientInfo,
  fcmId?: string | null,
) {
  if (!user.isActive) throw accountDeactivatedError();
  const current = fcmId ? await updateUser(deps.db, user.id, { fcmId }) : user;
  const session = await startSession(deps.db, user.id, { userAgent: client.userAgent, ip: client.ip });
  return {
    ...ownUserView(current, deps.storage),
    token: session.token,
    token_expires_at: session.expiresAt.toISOString(),
  };
}
export type SignedIn = Awaited<ReturnType<typeof signInUser>>;

/** A unique, readable slug for the agent pages; phone-only accounts get a random one until they add a name. */
export function newUserSlug(db: Executor, name: string): Promise<string> {
  return claimUniqueSlug(slugify(name) || `user-${randomBytes(4).toString('hex')}`, (candidate) =>
    slugTaken(db, candidate),
  );
}

/** An email or mobile number that already has an account: the way out is to sign in, or reset the password. */
const CONTACT_TAKEN = {
  email: () => new AppError('email_in_use', 409, 'auth.errors.email_registered'),
  mobile: () => new AppError('mobile_in_use', 409, 'auth.errors.mobile_registered'),
};

/** Creates an account; the unique indexes settle races the checks before them miss. */
export async function createAccount(db: Database, values: Omit<NewUser, 'slug'>): Promise<UserRow> {
  for (const field of ['email', 'mobile'] as const) {
    const value = values[field];
    if (value && (await contactTaken(db, field, value, null))) throw CONTACT_TAKEN[field]();
  }
  try {
    return await insertUser(db, { ...values, slug: await newUserSlug(db, values.name) });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('auth.errors.account_exists');
    throw error;
  }
}

/**
 * user-register: name, email, mobile, password, re_password. The account is signed in at once (the spec's reply
 * carries the token), so an email or mobile number that already has an account cannot be answered like a new one:
 * it is refused, and that account's owner is told by mail (docs/decisions/041).
 */
export async function register(
  deps: ServerDeps,
  input: unknown,
  client: ClientInfo,
  t: Translator,
  now = new Date(),
): Promise<SignedIn> {
  await consume(deps.db, [[`register:ip:${client.ip}`, limits.registerPerIp]], now);
  const values = registerSchema.parse(input);
  const user = await createAccount(deps.db, {
    name: values.name,
    email: values.email,
    mobile: values.mobile,
    passwordHash: await hashPassword(values.password),
    logintype: 'email',
    type: 'user',
  }).catch(async (error: unknown) => {
    const taken = error instanceof AppError ? error.code : null;
    const owner =
      taken === 'email_in_use'
        ? await findUserByEmail(deps.db, values.email)
        : taken === 'mobile_in_use'
          ? await findUserByMobile(deps.db, values.mobile)
          : null;
    if (owner?.email) await tellOwnerOfRegistration(deps, owner.id, owner.email, t, now);
    throw error;
  });
  return signInUser(deps, user, client);
}

/**
 * Someone tried to register with the email or mobile number of an account: its owner learns it, with where to sign
 * in or ask for a new password. At most once an hour (limits.registerNoticePerAccount), so the form cannot fill
 * their mailbox; the answer to the form is the same either way, and a mail that fails is for the operator's log.
 */
async function tellOwnerOfRegistration(deps: ServerDeps, userId: number, email: string, t: Translator, now: Date) {
  if (!(await withinLimit(deps.db, `register:notice:${userId}`, limits.registerNoticePerAccount, now))) return;
  const site = await getSiteName(deps.db, t);
  try {
    await deps.mailer.sendMail({
      to: email,
      fromName: site,
      subject: t('auth.register_notice_subject', { site }),
      text: t('auth.register_notice_message', {
        site,
        login: siteUrl('/login').toString(),
        reset: siteUrl('/forgot-password').toString(),
      }),
    });
  } catch (error) {
    logger.error('registration notice could not be sent', { error });
  }
}

// A hash to verify against when the account does not exist, so both answers take the same time.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

export const passwordSignInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(128),
  fcm_id: z.string().max(4096).optional(),
});

/** Email and password. Unknown account and wrong password answer the same, after the same work. */
export async function signInWithPassword(deps: ServerDeps, input: unknown, client: ClientInfo): Promise<SignedIn> {
  const values = passwordSignInSchema.parse(input);
  const accountKey = signInFailureKey(values.email, client.ip);
  await consume(deps.db, [
    [`signin:ip:${client.ip}`, limits.signInPerIp],
    [accountKey, limits.signInPerAccountAndIp],
  ]);
  const user = await findUserByEmail(deps.db, values.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoy()), values.password);
  if (!user || !user.passwordHash || !ok) throw invalidCredentials();
  await forgive(deps.db, accountKey);
  return signInUser(deps, user, client, values.fcm_id);
}

/** Google sign-in: a Firebase ID token, verified on the server; first sign-in creates the account. */
export async function signInWithGoogle(
  deps: ServerDeps,
  idToken: string,
  client: ClientInfo,
  fcmId?: string,
): Promise<SignedIn> {
  if (!deps.idTokens) throw new AppError('google_not_configured', 400, 'auth.errors.google_not_configured');
  await consume(deps.db, [[`signin:ip:${client.ip}`, limits.signInPerIp]]);
  const identity = await deps.idTokens.verify(idToken);
  let user =
    (await findUserByAuthId(deps.db, 'google', identity.sub)) ?? (await findUserByEmail(deps.db, identity.email));
  // Google vouches for the address (email_verified), so an existing account with it is the same person.
  if (user && !user.authId) user = await updateUser(deps.db, user.id, { authId: identity.sub });
  user ??= await createAccount(deps.db, {
    name: identity.name ?? identity.email.split('@')[0]!,
    email: identity.email,
    logintype: 'google',
    authId: identity.sub,
    type: 'user',
  });
  return signInUser(deps, user, client, fcmId);
}

/** The login types eBroker's clients send as `type` alone: 0 Google, 1 phone, 3 email. */
const LOGIN_TYPE_CODES = new Map([
  ['0', 'google'],
  ['1', 'phone'],
  ['3', 'email'],
]);

/** user_signup: `logintype` when sent, else the numeric `type` (LOGIN_TYPE_CODES); either names the fields needed. */
const withLoginType = (input: unknown) => {
  if (typeof input !== 'object' || input === null) return input;
  const fields = input as Record<string, unknown>;
  const code = LOGIN_TYPE_CODES.get(String(fields['type']));
  return (fields['logintype'] === undefined || fields['logintype'] === '') && code
    ? { ...fields, logintype: code }
    : input;
};

/** Sent by eBroker's clients with every sign-in; no sign-in reads them (a new account's name comes from Google). */
const unread = z.unknown().optional().describe('Accepted from older clients and not read');
const unreadSignupFields = {
  name: unread,
  address: unread,
  profile: unread,
  type: z.unknown().optional().describe('The login type when logintype is left out: 0 google, 1 phone, 3 email'),
};

const signupForms = z.discriminatedUnion('logintype', [
  z.object({
    ...unreadSignupFields,
    logintype: z.literal('email'),
    email: emailSchema,
    password: passwordSchema.or(z.string().min(1)),
    fcm_id: z.string().max(4096).optional(),
  }),
  z.object({
    ...unreadSignupFields,
    logintype: z.literal('phone'),
    mobile: phoneSchema,
    otp: z.string().trim().min(1),
    fcm_id: z.string().max(4096).optional(),
  }),
  z.object({
    ...unreadSignupFields,
    logintype: z.literal('google'),
    auth_id: z.string().min(20).max(8192),
    fcm_id: z.string().max(4096).optional(),
  }),
]);

export const userSignupSchema = z.preprocess(withLoginType, signupForms);
