import { z } from 'zod';
import { validationMessages as m } from './messages.ts';

/** One part of the address; a missing part is named, so an empty location reads as a list of what to fill in. */
const part = (required: string) => z.string({ error: required }).trim().min(1, required);

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Form fields arrive as strings. Plain z.coerce.number would turn '' and null into 0, a real point off Africa,
 * so only non-blank strings are converted and everything else must already be a number. A blank coordinate is
 * missing (`required`), not out of range (`range`).
 */
function coordinate(min: number, max: number, required: string, range: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: (issue) => (blank(issue.input) ? required : range) })
      .min(min, range)
      .max(max, range),
  );
}

/** A selected location must carry city, state, country and formatted_address (spec section 5). */
export const locationSchema = z.object({
  city: part(m.cityRequired),
  state: part(m.stateRequired),
  country: part(m.countryRequired),
  formatted_address: part(m.addressRequired),
  latitude: coordinate(-90, 90, m.latitudeRequired, m.latitude),
  longitude: coordinate(-180, 180, m.longitudeRequired, m.longitude),
});

export type Location = z.output<typeof locationSchema>;
