import type { Database } from '../db/client.ts';
import { env } from '../env.ts';
import { AppError } from '../errors.ts';
import { clearHits, countHit } from '../repositories/rate-limit-repository.ts';

export interface Limit {
  /** Most hits allowed per window. */
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The limits of the sign-in, one-time-password and contact flows. */
export const limits = {
  signInPerAccount: { max: 10, windowMs: 15 * MINUTE },
  /** Set by the operator (SIGN_IN_LIMIT_PER_IP): how many people share an address depends on the site's public. */
  get signInPerIp(): Limit {
    return { max: env().SIGN_IN_LIMIT_PER_IP, windowMs: 15 * MINUTE };
  },
  registerPerIp: { max: 10, windowMs: 60 * MINUTE },
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

/** A successful sign-in forgives the account's failed attempts. */
export const forgive = (db: Database, key: string) => clearHits(db, key);
