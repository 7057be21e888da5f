import { z } from 'zod';
import { emailSchema, passwordSchema, phoneSchema, requiredText } from './fields.ts';
import { validationMessages as m } from './messages.ts';

/** The register fields without the cross-field rule, for .pick/.extend (zod refuses those on refined objects). */
export const registerFieldsSchema = z.object({
  name: requiredText.max(100),
  email: emailSchema,
  mobile: phoneSchema,
  password: passwordSchema,
  re_password: z.string({ error: m.required }),
});

/** Email registration (spec section 3): the confirmation must equal the password; the error sits on re_password. */
export const registerSchema = registerFieldsSchema.refine((value) => value.password === value.re_password, {
  path: ['re_password'],
  message: m.passwordMismatch,
});

export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterValues = z.output<typeof registerSchema>;
