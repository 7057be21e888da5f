import { z } from 'zod';
import { FILTER_KEYS, type FilterKey } from './filter-keys.ts';
import { urls } from '../../lib/urls.ts';

/*
 * The listing filter: one definition for everything that searches public listings by criteria. The results and
 * category pages, the map page, get-property-list and get-properties-in-bounds read it from a query string under
 * the same names (the spec's get-property-list names; the API also knows the category as `category_slug_id`).
 * Each field is one schema: the API parses strictly (a malformed value is a 422 naming it, `listingFilterShape`);
 * pages parse leniently (a malformed value is left out and named, `parseListingFilter`), since people and
 * crawlers type URLs. Adding a filter: docs in CONTRIBUTING.md ("Adding a listing filter").
 */

export const POSTED_SINCE = [
  'today',
  'yesterday',
  'last_week',
  'last_month',
  'last_3_months',
  'last_6_months',
] as const;
/** The "at least" choices of the bedrooms filter. */
export const BEDROOM_CHOICES = [1, 2, 3, 4, 5] as const;
/** The "at least" choices of the bathrooms filter. */
export const BATHROOM_CHOICES = [1, 2, 3, 4] as const;
export const SORTS = ['newest', 'price_asc', 'price_desc', 'most_viewed', 'most_liked'] as const;
/** A minimum price above the maximum matches nothing: the visitor's mistake, told on max_price with this message. */
export const PRICE_RANGE_MESSAGE = 'listing.price_range';
export const priceRangeInverted = (f: { min_price?: number | undefined; max_price?: number | undefined }) =>
  f.min_price !== undefined && f.max_price !== undefined && f.min_price > f.max_price;

export type PostedSince = (typeof POSTED_SINCE)[number];
export type ListingSort = (typeof SORTS)[number];

export { FILTER_KEYS, type FilterKey };

/** '' (and blank text) is "not given": the spec's clients leave empty fields out, others send them empty. */
export const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** Plain decimals only: Number() would also take '0x1f', '1e3' and 'Infinity'. */
const DECIMAL = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;
export const decimal = (v: unknown) => (typeof v === 'string' ? (DECIMAL.test(v) ? Number(v) : Number.NaN) : v);
const optional = <T extends z.ZodType>(schema: T, read: (v: unknown) => unknown = blank) =>
  z.preprocess((v) => read(blank(v)), schema.optional());

const text = (max: number) =>
  optional(z.string({ error: 'listing.invalid_text' }).trim().max(max, 'listing.invalid_text')).meta({
    type: 'string',
  });
const price = optional(
  z.number({ error: 'listing.invalid_price' }).min(0, 'listing.invalid_price').max(1e12, 'listing.invalid_price'),
  decimal,
).meta({ type: 'number', description: 'In currency units' });
const wholeNumber = (min: number, max: number, message: string) =>
  optional(z.number({ error: message }).int(message).min(min, message).max(max, message), decimal).meta({
    type: 'integer',
    minimum: min,
    maximum: max,
  });
/** Flags as forms and the spec's clients send them: 1/0, true/false, on/off. */
const flag = optional(
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off'], { error: 'listing.invalid_flag' })
    .transform((v) => v === '1' || v === 'true' || v === 'on'),
).meta({ type: 'string', enum: ['1', '0', 'true', 'false'] });

/** Each filter's query value, parsed strictly; `undefined` when left out or empty. */
export const listingFilterShape = {
  /** Full text: words, "a phrase", -excluded; accents and case forgiven. */
  search: text(100),
  /** sell or rent (older clients send 0 and 1). */
  property_type: optional(
    z
      .enum(['sell', 'rent', '0', '1'], { error: 'validation.property_type' })
      .transform((v): 'sell' | 'rent' => (v === 'rent' || v === '1' ? 'rent' : 'sell')),
  ).meta({ type: 'string', enum: ['sell', 'rent', '0', '1'] }),
  /** A category by its slug (the API's `category_slug_id`). */
  category: text(200),
  city: text(100),
  state: text(100),
  country: text(100),
  min_price: price,
  max_price: price,
  /** At least this many bedrooms (the number parameters named as bedrooms). */
  bedrooms: wholeNumber(1, 20, 'listing.invalid_bedrooms'),
  /** At least this many bathrooms (the number parameters named as bathrooms). */
  bathrooms: wholeNumber(1, 20, 'listing.invalid_bathrooms'),
  posted_since: optional(z.enum(POSTED_SINCE, { error: 'listing.invalid_posted_since' })).meta({
    type: 'string',
    enum: [...POSTED_SINCE],
  }),
  /** Featured listings only. */
  promoted: flag,
  sort: optional(z.enum(SORTS, { error: 'listing.invalid_sort' })).meta({ type: 'string', enum: [...SORTS] }),
} satisfies Record<FilterKey, z.ZodType>;

/** A minimum price above the maximum: a message on max_price. */
export function checkPriceRange(
  q: { min_price?: number | undefined; max_price?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (priceRangeInverted(q)) ctx.addIssue({ code: 'custom', path: ['max_price'], message: PRICE_RANGE_MESSAGE });
}

/** The filter, strictly: what the API's listing searches take. */
export const listingFilterSchema = z.object(listingFilterShape).superRefine(checkPriceRange);
export type ListingFilter = z.output<typeof listingFilterSchema>;

/** The API's names where they differ from the pages' (the spec's get-property-list). */
export const API_FILTER_NAMES = { category: 'category_slug_id' } as const satisfies Partial<Record<FilterKey, string>>;

/** The filter's fields under the API's names, for a call's query schema. */
export function apiListingFilterShape() {
  const { category, ...rest } = listingFilterShape;
  return { ...rest, [API_FILTER_NAMES.category]: category } as Omit<typeof listingFilterShape, 'category'> & {
    category_slug_id: typeof category;
  };
}

/** A query parsed with apiListingFilterShape, as the filter. */
export function filterOfApiQuery(q: z.output<z.ZodObject<ReturnType<typeof apiListingFilterShape>>>): ListingFilter {
  const { category_slug_id, ...rest } = q;
  const filter: Record<string, unknown> = { category: category_slug_id };
  for (const key of FILTER_KEYS) if (key !== 'category') filter[key] = rest[key];
  return filter as ListingFilter;
}

/** A page of results as the pages' links carry it: 1 when left out or malformed. */
const pageNumber = z.coerce.number().int().min(1).max(10_000).catch(1);

/**
 * A query string (or form data) as a page reads it: each malformed value is left out and its key listed in
 * `dropped`, so the page can say what it ignored instead of failing; a minimum price above the maximum is kept
 * (the search answers it with its message).
 */
export function parseListingFilter(params: URLSearchParams): {
  filter: ListingFilter;
  page: number;
  dropped: FilterKey[];
} {
  const filter: Record<string, unknown> = {};
  const dropped: FilterKey[] = [];
  for (const key of FILTER_KEYS) {
    // A key given twice (a form field and a hand-typed one): the last value given counts.
    const given = params.getAll(key).filter((value) => value.trim() !== '');
    const parsed = listingFilterShape[key].safeParse(given.at(-1));
    if (parsed.success) filter[key] = parsed.data;
    else dropped.push(key);
  }
  return { filter: filter as ListingFilter, page: pageNumber.parse(params.get('page') ?? 1), dropped };
}

/** A filter's value as its query string writes it. */
const queryValue = (value: unknown) => (value === true ? '1' : String(value));

/** The query string of a filter: empty values dropped (spec section 5), page 1 and the default sort left out. */
export function filterQuery(filter: Partial<Record<FilterKey, unknown>>, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (key === 'sort' && value === 'newest') continue;
    params.set(key, queryValue(value));
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * The query of a filter the server rewrote (a place read from the words), with the values the first reading left
 * out carried over as they were sent: the page it leads to leaves them out again and says so.
 */
export function rewrittenFilterQuery(filter: ListingFilter, sent: URLSearchParams, dropped: readonly FilterKey[]) {
  const query = filterQuery(filter);
  for (const key of dropped) {
    const value = sent.getAll(key).at(-1);
    if (value !== undefined) query.set(key, value);
  }
  return query;
}

/** The filter as the API's listing searches take it (get-property-list, get-properties-in-bounds). */
export function apiFilterQuery(filter: ListingFilter): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of filterQuery(filter)) query[key === 'category' ? API_FILTER_NAMES.category : key] = value;
  return query;
}

/** What a visitor has filtered on, each with the URL that removes it (chips work as plain links). */
export function activeFilters(filter: ListingFilter, path = '/properties') {
  return FILTER_KEYS.filter(
    (key) => filter[key] !== undefined && filter[key] !== false && !(key === 'sort' && filter.sort === 'newest'),
  ).map((key) => {
    const query = filterQuery({ ...filter, [key]: undefined }).toString();
    return { key, value: queryValue(filter[key]), removeHref: query ? `${path}?${query}` : path };
  });
}

/**
 * The map page (/properties/map) showing the same search: the filter's query without its page, and the category of
 * a category page, whose category is its path rather than its query.
 */
export function mapSearchHref(filter: ListingFilter, fixedCategory?: string): string {
  const query = filterQuery({ ...filter, category: fixedCategory ?? filter.category }).toString();
  return query ? `${urls.propertiesMap()}?${query}` : urls.propertiesMap();
}
