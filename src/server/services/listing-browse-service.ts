import { PRICE_RANGE_MESSAGE, priceRangeInverted, type ListingFilter } from '../../lib/listing-filters.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { cardsNamedIn, findProperties, marksFor, NO_CARDS, type CardPage } from './property-service.ts';

/** A page of results, with the cards the viewer has saved (none for a visitor). */
export interface BrowsePage extends CardPage {
  saved: ReadonlySet<number>;
}

export const NO_RESULTS: BrowsePage = { ...NO_CARDS, saved: new Set() };

/**
 * The /properties and category pages: the query-string filter as a public listing search (the same criteria as
 * get-property-list). An unknown category slug finds nothing rather than silently dropping the filter; a minimum
 * price above the maximum is the visitor's mistake, answered as get-property-list answers it (422 on max_price)
 * instead of an unexplained empty list. Categories are named in `lang`.
 */
export async function browseListings(
  db: Database,
  viewer: SessionUser | null,
  filter: ListingFilter,
  pageSize: number,
  lang: string,
  fixedCategory?: { id: number } | null,
): Promise<BrowsePage> {
  if (priceRangeInverted(filter)) throw AppError.validation({ max_price: [PRICE_RANGE_MESSAGE] });
  const found = await findProperties(
    db,
    null,
    {
      search: filter.search,
      propertyType: filter.property_type,
      categoryId: fixedCategory?.id,
      categorySlug: fixedCategory ? undefined : filter.category,
      city: filter.city,
      state: filter.state,
      country: filter.country,
      minPrice: filter.min_price,
      maxPrice: filter.max_price,
      minBedrooms: filter.bedrooms,
      postedSince: filter.posted_since,
      promoted: filter.promoted === '1',
      sort: filter.sort,
    },
    { offset: (filter.page - 1) * pageSize, limit: pageSize },
  );
  const marks = await marksFor(
    db,
    viewer,
    found.items.map((card) => card.id),
  );
  return { ...cardsNamedIn(lang, found), saved: marks?.favourites ?? new Set() };
}
