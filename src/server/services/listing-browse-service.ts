import { PRICE_RANGE_MESSAGE, priceRangeInverted, type ListingFilter } from '../../features/search/listing-filter.ts';
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
  page: { number: number; size: number },
  lang: string,
  fixedCategory?: { id: number } | null,
): Promise<BrowsePage> {
  if (priceRangeInverted(filter)) throw AppError.validation({ max_price: [PRICE_RANGE_MESSAGE] });
  const found = await findProperties(
    db,
    null,
    fixedCategory ? { ...filter, category: undefined } : filter,
    { categoryId: fixedCategory?.id },
    { offset: (page.number - 1) * page.size, limit: page.size },
  );
  const marks = await marksFor(
    db,
    viewer,
    found.items.map((card) => card.id),
  );
  return { ...cardsNamedIn(lang, found), saved: marks?.favourites ?? new Set() };
}
