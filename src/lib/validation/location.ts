import { z } from 'zod';
import { validationMessages as m } from './messages.ts';

const part = z.string({ error: m.locationIncomplete }).trim().min(1, m.locationIncomplete);

/**
 * Form fields arrive as strings. Plain z.coerce.number would turn '' and null into 0, a real point off Africa,
 * so only non-blank strings are converted and everything else must already be a number.
 */
function coordinate(min: number, max: number, message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).min(min, message).max(max, message),
  );
}

/** A selected location must carry city, state, country and formatted_address (spec section 5). */
export const locationSchema = z.object({
  city: part,
  state: part,
  country: part,
  formatted_address: part,
  latitude: coordinate(-90, 90, m.latitude),
  longitude: coordinate(-180, 180, m.longitude),
});

export type Location = z.output<typeof locationSchema>;
