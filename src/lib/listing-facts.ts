import type { AreaUnit } from './area-units.ts';
import { formatUnitPrice, MINOR_PER_MAJOR, type PriceSettings } from './money.ts';

/**
 * The key facts buyers compare (bedrooms, bathrooms, floor area) are not columns of a listing: they are parameters
 * an admin names per site ("Bedrooms", "Area (sq ft)", "Surface (m²)"). A parameter plays one of these roles by its
 * name; an area parameter's unit is read from its name too, square metres when the name gives none.
 */
export type FactRole = 'bedrooms' | 'bathrooms' | 'area';

const BEDROOMS = /\b(bed(room)?s?|beds?)\b|غرف\s*النوم|غرفة\s*نوم/i;
const BATHROOMS = /\b(bath(room)?s?|baths?|toilets?|wc)\b|حمام/i;
/** Built floor area first; a plot's size is the area of land only listings (a plot, a farm). */
const FLOOR_AREA = /\b(area|surface|floor\s*size|size|built|living\s*space|carpet)\b|مساحة/i;
const PLOT_AREA = /\b(plot|land|lot)\b/i;

const UNIT_PATTERNS: [RegExp, AreaUnit][] = [
  [/sq\.?\s*ft|sqft|ft²|ft2|square\s*f(ee|oo)t/i, 'sq_ft'],
  [/sq\.?\s*yd|yd²|square\s*yards?/i, 'sq_yd'],
  [/\bacres?\b/i, 'acre'],
  [/\bhectares?\b|\bha\b/i, 'hectare'],
  [/sq\.?\s*m|sqm|m²|m2|square\s*met(er|re)s?|م²|متر/i, 'sq_m'],
];

/** The unit an area parameter's name gives ("Area (sq ft)"), or square metres. */
export function areaUnitOf(name: string): AreaUnit {
  return UNIT_PATTERNS.find(([pattern]) => pattern.test(name))?.[1] ?? 'sq_m';
}

/** The role a parameter named `name` plays among the key facts, if any. */
export function factRole(name: string): FactRole | null {
  if (BATHROOMS.test(name)) return 'bathrooms';
  if (BEDROOMS.test(name)) return 'bedrooms';
  if (FLOOR_AREA.test(name) || PLOT_AREA.test(name)) return 'area';
  return null;
}

export interface ListingFacts {
  bedrooms: number | null;
  bathrooms: number | null;
  area: { value: number; unit: AreaUnit } | null;
}

export const NO_FACTS: ListingFacts = { bedrooms: null, bathrooms: null, area: null };

const positive = (value: unknown): number | null => {
  // Owners type "1,250" or "1 250" as often as 1250.
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(/[,\s]/g, '')) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/**
 * A listing's key facts from its parameter values: the first parameter of each role with a number, a floor area
 * before a plot's area.
 */
export function listingFacts(parameters: readonly { name: string; value: unknown }[]): ListingFacts {
  const facts: ListingFacts = { bedrooms: null, bathrooms: null, area: null };
  let areaIsPlot = false;
  for (const { name, value } of parameters) {
    const role = factRole(name);
    const n = positive(value);
    if (!role || n === null) continue;
    if (role === 'area') {
      const plot = PLOT_AREA.test(name);
      if (n === 0 || (facts.area && (plot || !areaIsPlot))) continue;
      facts.area = { value: n, unit: areaUnitOf(name) };
      areaIsPlot = plot;
    } else facts[role] ??= n;
  }
  return facts;
}

/**
 * The price of one unit of area in minor units, or null without an area: whole units of money as portals show it
 * ("$371/sq ft"), cents only below one unit (land priced per square foot can cost less).
 */
export function pricePerArea(priceMinor: number, area: ListingFacts['area']): number | null {
  if (!area || area.value <= 0 || priceMinor <= 0) return null;
  const exact = priceMinor / area.value;
  return exact >= MINOR_PER_MAJOR ? Math.round(exact / MINOR_PER_MAJOR) * MINOR_PER_MAJOR : Math.round(exact);
}

/**
 * The price per unit of area a listing shows ("$3,710", never "$3.71K"): sales only, since a rent per square
 * metre is not what renters compare.
 */
export function pricePerAreaLabel(
  listing: { propertyType: string; priceMinor: number },
  area: ListingFacts['area'],
  prices: PriceSettings,
): string | null {
  const perArea = listing.propertyType === 'sell' ? pricePerArea(listing.priceMinor, area) : null;
  return perArea === null ? null : formatUnitPrice(perArea, prices);
}

/**
 * A WhatsApp chat link's number: the international number's digits (wa.me takes no "+", spaces or the 00 prefix).
 * Null for a national number (wa.me cannot tell its country) and for what cannot be a phone number (E.164 numbers
 * have at most 15 digits).
 */
export function whatsappNumber(phone: string): string | null {
  const international = /^\s*(\+|00)/.exec(phone);
  if (!international) return null;
  const digits = phone.trim().slice(international[0].trim().length).replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}
