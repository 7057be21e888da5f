import { z } from 'zod/mini';
import { FILTER_KEYS, type FilterKey } from './listing-filter-keys.ts';
import { urls } from './urls.ts';

/**
 * The /properties filter as it travels in the query string: the spec's get-property-list names, so a filtered
 * page URL and an API call read the same. Shared by the page (parsing), the filter island (building) and chips.
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
export const SORTS = ['newest', 'price_asc', 'price_desc', 'most_viewed', 'most_liked'] as const;
/** A minimum price above the maximum matches nothing: the visitor's mistake, told on max_price with this message. */
export const PRICE_RANGE_MESSAGE = 'listing.price_range';
export const priceRangeInverted = (f: { min_price?: number | undefined; max_price?: number | undefined }) =>
  f.min_price !== undefined && f.max_price !== undefined && f.min_price > f.max_price;

export type PostedSince = (typeof POSTED_SINCE)[number];
export type ListingSort = (typeof SORTS)[number];

export { FILTER_KEYS, type FilterKey };

const text = (max: number) => z.catch(z.optional(z.string().check(z.trim(), z.maxLength(max))), undefined);
const price = z.catch(z.optional(z.coerce.number().check(z.nonnegative(), z.lte(1e12))), undefined);

// People and crawlers type URLs: anything odd falls back to "no filter" instead of an error page.
export const listingFilterSchema = z.object({
  search: text(100),
  property_type: z.catch(z.optional(z.enum(['sell', 'rent'])), undefined),
  category: text(120),
  city: text(100),
  state: text(100),
  country: text(100),
  min_price: price,
  max_price: price,
  bedrooms: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(20))), undefined),
  posted_since: z.catch(z.optional(z.enum(POSTED_SINCE)), undefined),
  promoted: z.catch(z.optional(z.literal('1')), undefined),
  sort: z.catch(z.optional(z.enum(SORTS)), undefined),
  page: z.catch(z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1), 1),
});
export type ListingFilter = z.infer<typeof listingFilterSchema>;

/** Reads a query string (or form data) into a filter; empty values count as absent. */
export function parseListingFilter(params: URLSearchParams): ListingFilter {
  const entries = [...params.entries()].filter(([, v]) => v.trim() !== '');
  return listingFilterSchema.parse(Object.fromEntries(entries));
}

/** The query string of a filter: empty values dropped (spec section 5), page 1 left out. */
export function filterQuery(filter: Partial<Record<FilterKey | 'page', unknown>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of [...FILTER_KEYS, 'page'] as const) {
    const value = filter[key];
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && Number(value) <= 1) continue;
    if (key === 'sort' && value === 'newest') continue;
    params.set(key, String(value));
  }
  return params;
}

/** What a visitor has filtered on, each with the URL that removes it (chips work as plain links). */
export function activeFilters(filter: ListingFilter, path = '/properties') {
  return FILTER_KEYS.filter((key) => filter[key] !== undefined && !(key === 'sort' && filter.sort === 'newest')).map(
    (key) => {
      const rest = { ...filter, [key]: undefined, page: 1 };
      const query = filterQuery(rest).toString();
      return { key, value: String(filter[key]), removeHref: query ? `${path}?${query}` : path };
    },
  );
}

/**
 * The map page (/properties/map) showing the same search: the filter's query without its page, and the category of
 * a category page, whose category is its path rather than its query.
 */
export function mapSearchHref(filter: ListingFilter, fixedCategory?: string): string {
  const query = filterQuery({ ...filter, category: fixedCategory ?? filter.category, page: 1 }).toString();
  return query ? `${urls.propertiesMap()}?${query}` : urls.propertiesMap();
}
