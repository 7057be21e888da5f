import { z } from 'zod';
import { requiredText } from './fields.ts';
import { coordinatesRule, coordinatesRuleParams, listingLocationSchema } from './location.ts';
import { validationMessages as m } from './messages.ts';
import { metaFieldsSchema } from './meta.ts';

export const RENT_DURATIONS = ['daily', 'monthly', 'quarterly', 'yearly'] as const;
export type RentDuration = (typeof RENT_DURATIONS)[number];

/** Forms send flags as 1/0, true/false or on/off. */
const flag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on', 'off', ''])])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'on');

/** The spec's property_type: sell or rent (older clients send 0 and 1). */
export const propertyTypeSchema = z
  .enum(['sell', 'rent', '0', '1'], { error: m.propertyType })
  .transform((v): 'sell' | 'rent' => (v === 'rent' || v === '1' ? 'rent' : 'sell'));

export const rentDurationSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(RENT_DURATIONS, { error: m.rentDuration }),
);

const id = z.coerce.number({ error: m.required }).int().positive(m.required);

/** A number as JavaScript writes one (the API's clients and the edit form's saved price): 1250000, 1250000.5, 1e6. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A price: digits, with a dot before decimals. Grouped digits ("1,250,000", "1.250.000,00") are refused with a
 * message saying to type digits only rather than guessed at: a comma or a dot separates thousands in some
 * currencies' formatting and decimals in others, and this field also takes the API's plain numbers.
 */
export const priceSchema = z.preprocess(
  (v) => (typeof v === 'string' && PLAIN_NUMBER.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({
      // 1e309 is a number too large to hold (Infinity); other text is not a plain number (separators, a sign).
      error: ({ input }) =>
        input === Infinity ? m.priceMax : typeof input === 'string' && input.trim() !== '' ? m.priceDigits : m.price,
    })
    .positive(m.price)
    .max(1e12, m.priceMax),
);

export const parameterInputSchema = z.object({
  parameter_id: id,
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
});
export const facilityInputSchema = z.object({
  facility_id: id,
  distance: z.coerce.number({ error: m.distance }).min(0, m.distance).max(1000, m.distance),
});

/** The text part of post_property (files are checked separately, by their content). */
export const propertyFieldsSchema = z
  .object({
    title: requiredText.max(200),
    description: requiredText.max(10_000),
    category_id: id,
    property_type: propertyTypeSchema,
    price: priceSchema,
    rentduration: rentDurationSchema.optional(),
    address: z.string().trim().max(300).optional(),
    client_address: z.string().trim().max(300).optional(),
    video_link: z
      .url({ protocol: /^https?$/, error: m.videoLink })
      .max(500)
      .optional(),
    parameters: z.array(parameterInputSchema).max(100).default([]),
    facilities: z.array(facilityInputSchema).max(100).default([]),
    is_premium: flag.default(false),
    slug_id: z.string().trim().max(120).optional(),
  })
  .extend(listingLocationSchema.shape)
  .extend(metaFieldsSchema.shape);

/** Rent needs its duration; a sale has none. Coordinates may be left out only with the place named. */
export const propertyInputSchema = propertyFieldsSchema
  .superRefine((value, ctx) => {
    if (value.property_type === 'rent' && !value.rentduration)
      ctx.addIssue({ code: 'custom', path: ['rentduration'], message: m.rentDuration });
  })
  .superRefine(coordinatesRule, coordinatesRuleParams);

export type PropertyInput = z.output<typeof propertyInputSchema>;
