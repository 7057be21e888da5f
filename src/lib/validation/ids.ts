import { z } from 'zod';
import { validationMessages as m } from './messages.ts';

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A record's id as forms and query strings send it: a whole number from 1 to MAX_ID. Nothing sent is `required`;
 * something sent that is no such number (abc, 0, -1, 1.5) is `invalid`, not "required" (z.coerce would turn both
 * into NaN or 0 and lose which it was). `tooBig` lets a caller answer a huge id as the record not being there.
 */
export function recordId({ invalid = m.invalid, tooBig = invalid }: { invalid?: string; tooBig?: string } = {}) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: (issue) => (blank(issue.input) ? m.required : invalid) })
      .int(invalid)
      .positive(invalid)
      .max(MAX_ID, tooBig),
  );
}
