import { PRICE_RANGE_MESSAGE, priceRangeInverted, type ListingFilter } from '../../lib/listing-filters.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findProperties } from './property-service.ts';

/**
 * The /properties and category pages: the query-string filter as a public listing search (the same criteria as
 * get-property-list). An unknown category slug finds nothing rather than silently dropping the filter; a minimum
 * price above the maximum is the visitor's mistake, answered as get-property-list answers it (422 on max_price)
 * instead of an unexplained empty list.
 */
export async function browseListings(
  db: Database,
  filter: ListingFilter,
  pageSize: number,
  fixedCategory?: { id: number } | null,
) {
  if (priceRangeInverted(filter)) throw AppError.validation({ max_price: [PRICE_RANGE_MESSAGE] });
  return findProperties(
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
      postedSince: filter.posted_since,
      promoted: filter.promoted === '1',
      sort: filter.sort,
    },
    { offset: (filter.page - 1) * pageSize, limit: pageSize },
  );
}
