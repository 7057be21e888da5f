import { z } from 'zod';
import {
  META_DESCRIPTION_MAX,
  META_DESCRIPTION_MIN,
  META_KEYWORDS_MAX,
  META_TITLE_MAX,
  parseKeywords,
} from '../text.ts';
import { validationMessages as m } from './messages.ts';

/** Form and API rules of spec section 5, shared by the browser and the server. */

export const PASSWORD_MIN = 6;
export const IMAGE_MIN_SIDE = 120;
export const ALLOWED_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

export const requiredText = z.string({ error: m.required }).trim().min(1, m.required);
export const emailSchema = z.string({ error: m.required }).trim().toLowerCase().pipe(z.email(m.email));
/** Digits with an optional leading +, spaces, dashes, dots and brackets allowed and removed: 7 to 15 digits. */
export const phoneSchema = z
  .string({ error: m.required })
  .trim()
  .regex(/^\+?[\d\s().-]+$/, m.phone)
  .transform((raw) => (raw.startsWith('+') ? '+' : '') + raw.replace(/\D/g, ''))
  .refine((digits) => /^\+?\d{7,15}$/.test(digits), m.phone);
export const passwordSchema = z.string({ error: m.required }).min(PASSWORD_MIN, m.passwordMin).max(128);
export const otpSchema = z
  .string({ error: m.otpRequired })
  .trim()
  .regex(/^\d{4,8}$/, m.otpRequired);

export const registerSchema = z
  .object({
    name: requiredText.max(100),
    email: emailSchema,
    mobile: phoneSchema,
    password: passwordSchema,
    re_password: z.string({ error: m.required }),
  })
  .refine((value) => value.password === value.re_password, { path: ['re_password'], message: m.passwordMismatch });

export const metaFieldsSchema = z.object({
  meta_title: z.string().trim().max(META_TITLE_MAX, m.metaTitleMax).optional(),
  meta_description: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (v.length >= META_DESCRIPTION_MIN && v.length <= META_DESCRIPTION_MAX),
      m.metaDescriptionLength,
    )
    .optional(),
  meta_keywords: z
    .string()
    .refine((v) => parseKeywords(v).length <= META_KEYWORDS_MAX, m.metaKeywordsMax)
    .optional(),
});

/** A chosen location must carry city, state, country and formatted address (spec section 5). */
export const locationSchema = z.object({
  city: z.string({ error: m.locationIncomplete }).trim().min(1, m.locationIncomplete),
  state: z.string({ error: m.locationIncomplete }).trim().min(1, m.locationIncomplete),
  country: z.string({ error: m.locationIncomplete }).trim().min(1, m.locationIncomplete),
  formatted_address: z.string({ error: m.locationIncomplete }).trim().min(1, m.locationIncomplete),
  latitude: z.coerce.number({ error: m.latitude }).min(-90, m.latitude).max(90, m.latitude),
  longitude: z.coerce.number({ error: m.longitude }).min(-180, m.longitude).max(180, m.longitude),
});

export const contactSchema = z.object({
  first_name: requiredText.max(80),
  last_name: requiredText.max(80),
  email: emailSchema,
  subject: requiredText.max(200),
  message: requiredText.max(5000),
});

/** Profile complete: name, email, mobile, profile image and address all set (spec section 5). */
export function isProfileComplete(user: {
  name?: string | null;
  email?: string | null;
  mobile?: string | null;
  profileImage?: unknown;
  address?: string | null;
}): boolean {
  const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';
  return (
    filled(user.name) && filled(user.email) && filled(user.mobile) && Boolean(user.profileImage) && filled(user.address)
  );
}

/** Photos: JPEG or PNG (by content type the server detects, not the file name), at least 120x120. */
export function checkPhoto(photo: { contentType: string; width: number; height: number }): string | null {
  if (!(ALLOWED_PHOTO_TYPES as readonly string[]).includes(photo.contentType)) return m.imageType;
  if (photo.width < IMAGE_MIN_SIDE || photo.height < IMAGE_MIN_SIDE) return m.imageTooSmall;
  return null;
}

/** Empty optional fields are left out of form data (spec section 5). */
export function dropEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  ) as Partial<T>;
}

/** The property list call drops parameters without a value. */
export function dropEmptyParameters<P extends { parameter_id: number | string; value?: unknown }>(list: P[]): P[] {
  return list.filter(
    (p) =>
      p.value !== undefined && p.value !== null && p.value !== '' && !(Array.isArray(p.value) && p.value.length === 0),
  );
}
