import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { emailSchema, otpSchema, phoneSchema } from '../../lib/validation/fields.ts';
import { validationMessages as m } from '../../lib/validation/messages.ts';
import type { ServerDeps } from '../platform/deps.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { AppError } from '../errors.ts';
import { logger } from '../logger.ts';
import { consumeCode, countWrongTry, findOpenCode, insertCode, voidOpenCodes } from '../repositories/otp-repository.ts';
import { findUserByEmail, findUserByMobile } from '../repositories/user-repository.ts';
import type { Translator } from '../i18n/translator.ts';
import { createAccount, signInUser, type ClientInfo, type SignedIn } from './account-service.ts';
import { consume, limits } from './rate-limit-service.ts';
import { getSiteName } from './settings-service.ts';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_WRONG_TRIES = 5;
/** The page's resend countdown; also the shortest gap between two codes to one target. */
export const OTP_RESEND_SECONDS = 60;

/**
 * A code goes to a phone number or an email address: `number` or `email`, as the spec's calls name them. Exactly
 * one: neither, or both, is refused on both fields (rather than guessing which the caller meant).
 */
export const otpTargetSchema = z
  .object({ number: phoneSchema.optional(), email: emailSchema.optional() })
  .superRefine((v, ctx) => {
    if (Boolean(v.number) === Boolean(v.email))
      for (const field of ['number', 'email'])
        ctx.addIssue({ code: 'custom', path: [field], message: v.number ? m.phoneOrEmailNotBoth : m.phoneOrEmail });
  });

type Target = { channel: 'sms' | 'email'; target: string };
function targetOf(input: z.infer<typeof otpTargetSchema>): Target {
  return input.number ? { channel: 'sms', target: input.number } : { channel: 'email', target: input.email! };
}

/**
 * get-otp: a random 6-digit code, stored as an argon2 hash, valid 10 minutes, voiding earlier codes. The answer
 * is the same whether or not an account exists for the target (signing in with a code also signs up).
 */
export async function sendCode(deps: ServerDeps, input: unknown, client: ClientInfo, t: Translator, now = new Date()) {
  const { channel, target } = targetOf(otpTargetSchema.parse(input));
  await consume(
    deps.db,
    [
      [`otp:ip:${client.ip}`, limits.otpSendPerIp],
      [`otp:target:${target}`, limits.otpSendPerTarget],
    ],
    now,
  );
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = await hashPassword(code);
  await deps.db.transaction(async (tx) => {
    await voidOpenCodes(tx, target, now);
    await insertCode(tx, {
      channel,
      target,
      codeHash,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      requestIp: client.ip,
    });
  });
  const site = await getSiteName(deps.db, t);
  const text = t('auth.otp_message', { code, minutes: OTP_TTL_MS / 60_000, site });
  try {
    if (channel === 'sms') await deps.sms.sendSms({ to: target, body: text });
    else await deps.mailer.sendMail({ to: target, subject: t('auth.otp_subject', { site }), text, fromName: site });
  } catch (error) {
    logger.error('one-time code could not be sent', { channel, error });
    throw new AppError('delivery_failed', 502, 'auth.errors.delivery_failed');
  }
  return { channel, resend_after_seconds: OTP_RESEND_SECONDS, expires_in_seconds: OTP_TTL_MS / 1000 };
}

export const verifyCodeSchema = otpTargetSchema.and(
  z.object({ otp: otpSchema, fcm_id: z.string().max(4096).optional() }),
);

/**
 * verify-otp: checks the latest open code for the target; five wrong tries burn it. A right code is used once
 * (two requests racing with it cannot both sign in) and signs in, creating the account on first use.
 */
export async function verifyCode(
  deps: ServerDeps,
  input: unknown,
  client: ClientInfo,
  now = new Date(),
): Promise<SignedIn> {
  const values = verifyCodeSchema.parse(input);
  const { channel, target } = targetOf(values);
  await consume(deps.db, [[`otp-verify:ip:${client.ip}`, limits.otpVerifyPerIp]], now);
  const invalid = () => new AppError('invalid_code', 401, 'auth.errors.invalid_code');
  const open = await findOpenCode(deps.db, target, now);
  if (!open) throw invalid();
  if (!(await verifyPassword(open.codeHash, values.otp))) {
    const tries = await countWrongTry(deps.db, open.id);
    if (tries >= OTP_MAX_WRONG_TRIES) {
      await consumeCode(deps.db, open.id, now);
      throw new AppError('too_many_attempts', 429, 'auth.errors.too_many_attempts', undefined, 1);
    }
    throw invalid();
  }
  if (!(await consumeCode(deps.db, open.id, now))) throw invalid();
  const existing = channel === 'sms' ? await findUserByMobile(deps.db, target) : await findUserByEmail(deps.db, target);
  const user =
    existing ??
    (await createAccount(deps.db, {
      name: '',
      ...(channel === 'sms' ? { mobile: target } : { email: target }),
      logintype: channel === 'sms' ? 'phone' : 'email',
      type: 'user',
    }));
  return signInUser(deps, user, client, values.fcm_id);
}
