import { z } from 'zod';
import { emailSchema, requiredText } from './fields.ts';

/** The contact-us form: every field required. */
export const contactSchema = z.object({
  first_name: requiredText.max(80),
  last_name: requiredText.max(80),
  email: emailSchema,
  subject: requiredText.max(200),
  message: requiredText.max(5000),
});

export type ContactValues = z.output<typeof contactSchema>;
