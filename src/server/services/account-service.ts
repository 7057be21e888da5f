import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { claimUniqueSlug, slugify } from '../../lib/slug.ts';
import { registerSchema } from '../../lib/validation/account.ts';
import { emailSchema, passwordSchema, phoneSchema } from '../../lib/validation/fields.ts';
import type { ApiDeps } from '../api/context.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { Database, Executor } from '../db/client.ts';
import { AppError, databaseErrorCode } from '../errors.ts';
import {
  contactTaken,
  findUserByAuthId,
  findUserByEmail,
  insertUser,
  slugTaken,
  updateUser,
  type NewUser,
  type UserRow,
} from '../repositories/user-repository.ts';
import { consume, forgive, limits, signInFailureKey } from './rate-limit-service.ts';
import { startSession } from './session-service.ts';
import { ownUserView } from './user-view.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export const invalidCredentials = () => new AppError('invalid_credentials', 401, 'auth.errors.invalid_credentials');

/** Signs the user in: refuses deactivated accounts, remembers the push token, returns the user with the token. */
export async function signInUser(
  deps: Pick<ApiDeps, 'db' | 'storage'>,
  user: UserRow,
  client: ClientInfo,
  fcmId?: string | null,
) {
  if (!user.isActive) throw new AppError('account_deactivated', 401, 'errors.account_deactivated');
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

/** Creates an account; the unique indexes settle races the checks before them miss. */
export async function createAccount(db: Database, values: Omit<NewUser, 'slug'>): Promise<UserRow> {
  if (values.email && (await contactTaken(db, 'email', values.email, null)))
    throw AppError.conflict('auth.errors.email_in_use');
  if (values.mobile && (await contactTaken(db, 'mobile', values.mobile, null)))
    throw AppError.conflict('auth.errors.mobile_in_use');
  try {
    return await insertUser(db, { ...values, slug: await newUserSlug(db, values.name) });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict('auth.errors.account_exists');
    throw error;
  }
}

export const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === '23505';

/** user-register: name, email, mobile, password, re_password. */
export async function register(deps: ApiDeps, input: unknown, client: ClientInfo): Promise<SignedIn> {
  await consume(deps.db, [[`register:ip:${client.ip}`, limits.registerPerIp]]);
  const values = registerSchema.parse(input);
  const user = await createAccount(deps.db, {
    name: values.name,
    email: values.email,
    mobile: values.mobile,
    passwordHash: await hashPassword(values.password),
    logintype: 'email',
    type: 'user',
  });
  return signInUser(deps, user, client);
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
export async function signInWithPassword(deps: ApiDeps, input: unknown, client: ClientInfo): Promise<SignedIn> {
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
  deps: ApiDeps,
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

export const userSignupSchema = z.discriminatedUnion('logintype', [
  z.object({
    logintype: z.literal('email'),
    email: emailSchema,
    password: passwordSchema.or(z.string().min(1)),
    fcm_id: z.string().max(4096).optional(),
  }),
  z.object({
    logintype: z.literal('phone'),
    mobile: phoneSchema,
    otp: z.string().trim().min(1),
    fcm_id: z.string().max(4096).optional(),
  }),
  z.object({
    logintype: z.literal('google'),
    auth_id: z.string().min(20).max(8192),
    fcm_id: z.string().max(4096).optional(),
  }),
]);
