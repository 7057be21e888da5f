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

/** A coordinate a listing form may leave blank: blank is "not given" (undefined), anything else must be in range. */
function optionalCoordinate(min: number, max: number, range: string) {
  return z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: range }).min(min, range).max(max, range).optional(),
  );
}

/**
 * A listing's location as its forms post it (docs/decisions/034): the coordinates may be left out when the place
 * (city, state and country) is named, and the server then puts the listing at that place's centre, so the form
 * works without the map picker (JavaScript). Apply `coordinatesRule` to the object that holds these fields.
 */
export const listingLocationSchema = locationSchema.extend({
  latitude: optionalCoordinate(-90, 90, m.latitude),
  longitude: optionalCoordinate(-180, 180, m.longitude),
});

/**
 * Runs coordinatesRule even when other fields failed (zod skips refinements then), so an empty location gets its
 * message for every missing field at once: `.superRefine(coordinatesRule, coordinatesRuleParams)`.
 */
export const coordinatesRuleParams = { when: () => true };

/**
 * The coordinates left out of a listing location: both may be, when city, state and country are all given; one
 * alone never is (half a point is no point); without the place they are required as in `locationSchema`.
 */
export function coordinatesRule(
  value: {
    city?: string | undefined;
    state?: string | undefined;
    country?: string | undefined;
    latitude?: number | undefined;
    longitude?: number | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (typeof value !== 'object' || value === null) return;
  const placed = !blank(value.city) && !blank(value.state) && !blank(value.country);
  const none = value.latitude === undefined && value.longitude === undefined;
  if (placed && none) return;
  if (value.latitude === undefined) ctx.addIssue({ code: 'custom', path: ['latitude'], message: m.latitudeRequired });
  if (value.longitude === undefined)
    ctx.addIssue({ code: 'custom', path: ['longitude'], message: m.longitudeRequired });
}
