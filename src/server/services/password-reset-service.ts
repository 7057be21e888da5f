import { z } from 'zod';
import { emailSchema, passwordSchema } from '../../lib/validation/fields.ts';
import { validationMessages as m } from '../../lib/validation/messages.ts';
import type { ServerDeps } from '../platform/deps.ts';
import { hashPassword } from '../auth/password.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { env } from '../env.ts';
import { AppError } from '../errors.ts';
import type { Translator } from '../i18n/translator.ts';
import { logger } from '../logger.ts';
import {
  findUsableResetToken,
  insertResetToken,
  useResetToken,
  voidResetTokens,
} from '../repositories/password-reset-repository.ts';
import { findUserByEmail, updateUser } from '../repositories/user-repository.ts';
import type { ClientInfo } from './account-service.ts';
import { consume, forgiveAllSignInFailures, limits } from './rate-limit-service.ts';
import { signOutEverywhere } from './session-service.ts';
import { getSiteName } from './settings-service.ts';

export const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * forgot-password: mails a single-use link valid for an hour when the account exists. The reply is the same
 * either way, so the form cannot be used to learn who has an account.
 */
export async function requestPasswordReset(
  deps: ServerDeps,
  input: unknown,
  client: ClientInfo,
  t: Translator,
  now = new Date(),
): Promise<void> {
  const { email } = z.object({ email: emailSchema }).parse(input);
  await consume(
    deps.db,
    [
      [`reset:ip:${client.ip}`, limits.resetPerIp],
      [`reset:account:${email}`, limits.resetPerAccount],
    ],
    now,
  );
  const user = await findUserByEmail(deps.db, email);
  if (!user || !user.isActive) return;
  const { token, hash } = newToken();
  await deps.db.transaction(async (tx) => {
    await voidResetTokens(tx, user.id, now);
    await insertResetToken(tx, { userId: user.id, tokenHash: hash, expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
  });
  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, env().PUBLIC_URL).toString();
  const site = await getSiteName(deps.db, t);
  try {
    await deps.mailer.sendMail({
      to: email,
      fromName: site,
      subject: t('auth.reset_subject', { site }),
      text: t('auth.reset_message', { link, minutes: RESET_TTL_MS / 60_000 }),
    });
  } catch (error) {
    // Same answer as for unknown accounts; the failure is for the operator's log.
    logger.error('password reset mail could not be sent', { error });
  }
}

const resetTokenSchema = z.string().min(20).max(200);

export const resetPasswordSchema = z
  .object({
    token: resetTokenSchema,
    password: passwordSchema,
    re_password: z.string({ error: m.required }),
  })
  .refine((v) => v.password === v.re_password, { path: ['re_password'], message: m.passwordMismatch });

/** Whether a reset link still works (not made up, used or expired): its page offers the form only then. */
export async function resetLinkWorks(deps: Pick<ServerDeps, 'db'>, token: string, now = new Date()): Promise<boolean> {
  if (!resetTokenSchema.safeParse(token).success) return false;
  return (await findUsableResetToken(deps.db, hashToken(token), now)) !== null;
}

/**
 * reset-password: sets the new password, uses the link up, signs the account out everywhere and lifts its sign-in
 * lock, so the new password works at once.
 */
export async function resetPassword(deps: ServerDeps, input: unknown, now = new Date()): Promise<void> {
  const values = resetPasswordSchema.parse(input);
  const invalid = () => new AppError('invalid_reset_link', 400, 'auth.errors.invalid_reset_link');
  const record = await findUsableResetToken(deps.db, hashToken(values.token), now);
  if (!record) throw invalid();
  const passwordHash = await hashPassword(values.password);
  await deps.db.transaction(async (tx) => {
    if (!(await useResetToken(tx, record.id, now))) throw invalid();
    const user = await updateUser(tx, record.userId, { passwordHash });
    await voidResetTokens(tx, record.userId, now);
    await signOutEverywhere(tx, record.userId, now);
    if (user.email) await forgiveAllSignInFailures(tx, user.email);
  });
}
