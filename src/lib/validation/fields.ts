import { z } from 'zod';
import { validationMessages as m } from './messages.ts';

/** Single fields shared by the forms of spec section 5. Messages are translation keys. */

export const PASSWORD_MIN = 6;
/** Not in the spec: a ceiling so a megabyte "password" cannot tie up the hasher. */
export const PASSWORD_MAX = 128;
export const PHONE_DIGITS_MIN = 7;
export const PHONE_DIGITS_MAX = 15;

// `abort` stops at "required" so an empty field does not also collect a format error.
const present = { error: m.required, abort: true } as const;

/** Text that must be filled in; surrounding spaces are trimmed and do not count. */
export const requiredText = z.string({ error: m.required }).trim().min(1, present);

/** Trimmed and lower-cased, since addresses are compared case-insensitively. */
export const emailSchema = z.string({ error: m.required }).trim().toLowerCase().min(1, present).pipe(z.email(m.email));

/**
 * E.164-like: an optional leading +, then 7 to 15 digits. People type spaces, dashes, dots and brackets; those are
 * accepted and removed, so "+1 (555) 010-0100" is stored as "+15550100100".
 */
export const phoneSchema = z
  .string({ error: m.required })
  .trim()
  .min(1, present)
  .regex(/^\+?[\d\s().-]+$/, m.phone)
  .transform((raw) => (raw.startsWith('+') ? '+' : '') + raw.replace(/\D/g, ''))
  .refine((phone) => new RegExp(`^\\+?\\d{${PHONE_DIGITS_MIN},${PHONE_DIGITS_MAX}}$`).test(phone), m.phone);

/** Not trimmed: spaces are legitimate password characters. */
export const passwordSchema = z
  .string({ error: m.required })
  .min(1, present)
  .min(PASSWORD_MIN, m.passwordMin)
  .max(PASSWORD_MAX);

/** "OTP must be entered": the digits of the one-time code. */
export const otpSchema = z
  .string({ error: m.otpRequired })
  .trim()
  .regex(/^\d{4,8}$/, m.otpRequired);

const webAddress = z.httpUrl();

/**
 * The address of a web page: http or https with a domain name ("https://www.facebook.com/me"). Never `javascript:`
 * or a bare handle, which a page could not link to.
 */
export const isWebAddress = (value: string) => webAddress.safeParse(value).success;
