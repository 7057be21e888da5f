import type { Database, Executor } from '../db/client.ts';
import { env } from '../env.ts';
import { AppError } from '../errors.ts';
import { clearHits, clearHitsStartingWith, countHit } from '../repositories/rate-limit-repository.ts';

export interface Limit {
  /** Most hits allowed per window. */
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The limits of the sign-in, registration, one-time-password and contact flows. */
export const limits = {
  /**
   * Wrong passwords for one account from one address. Per address, so that guesses from elsewhere never lock the
   * owner out; guessing from many addresses is bounded by `signInPerIp` at each of them.
   */
  signInPerAccountAndIp: { max: 10, windowMs: 15 * MINUTE },
  /** Set by the operator (SIGN_IN_LIMIT_PER_IP): how many people share an address depends on the site's public. */
  get signInPerIp(): Limit {
    return { max: env().SIGN_IN_LIMIT_PER_IP, windowMs: 15 * MINUTE };
  },
  /** Set by the operator (REGISTER_LIMIT_PER_IP), as the sign-ins per address. */
  get registerPerIp(): Limit {
    return { max: env().REGISTER_LIMIT_PER_IP, windowMs: 60 * MINUTE };
  },
  /** Mails telling an account's owner that someone tried to register with its email or mobile number. */
  registerNoticePerAccount: { max: 1, windowMs: 60 * MINUTE },
  otpSendPerTarget: { max: 3, windowMs: 15 * MINUTE },
  otpSendPerIp: { max: 10, windowMs: 60 * MINUTE },
  otpVerifyPerIp: { max: 30, windowMs: 15 * MINUTE },
  resetPerAccount: { max: 3, windowMs: 60 * MINUTE },
  resetPerIp: { max: 10, windowMs: 60 * MINUTE },
  contactPerIp: { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

/** Counts a hit against each key and refuses with 429 and Retry-After once any key is over its limit. */
export async function consume(db: Database, checks: [key: string, limit: Limit][], now = new Date()): Promise<void> {
  for (const [key, limit] of checks) {
    const { count, resetAt } = await countHit(db, key, limit.windowMs, now);
    if (count > limit.max) throw AppError.tooManyRequests((resetAt.getTime() - now.getTime()) / 1000);
  }
}

/** Counts a hit and tells whether the key is still within its limit: for what is skipped, not refused, beyond it. */
export async function withinLimit(db: Database, key: string, limit: Limit, now = new Date()): Promise<boolean> {
  return (await countHit(db, key, limit.windowMs, now)).count <= limit.max;
}

/** What the keys of an account's failed sign-ins start with (emails hold no colon: no other account's start so). */
const signInFailuresOf = (email: string) => `signin:account:${email}:ip:`;
/** The key of an account's failed sign-ins from one address. */
export const signInFailureKey = (email: string, ip: string) => `${signInFailuresOf(email)}${ip}`;

/** A successful sign-in forgives the account's failed attempts from that address. */
export const forgive = (db: Database, key: string) => clearHits(db, key);

/** A completed password reset forgives the account's failed sign-ins from every address: the new password is theirs. */
export const forgiveAllSignInFailures = (db: Executor, email: string) =>
  clearHitsStartingWith(db, signInFailuresOf(email));
