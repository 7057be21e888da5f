import type { TranslateFn } from './i18n/translate.ts';
import type { FilterKey, ListingFilter } from '../features/search/listing-filter.ts';

/** A search offered instead of one that found nothing (forgiving-search-service.ts), as far as its label needs. */
export interface SuggestedSearch {
  /** `spelling`: a word or the city corrected; `place`: a city read out of the words; `wider`: a filter left out. */
  kind: 'spelling' | 'place' | 'wider';
  changed: (FilterKey | 'price')[];
  filter: ListingFilter;
}

/** What a suggested search is called: "Without the city", "Did you mean Lisbon?", "flat in Lisbon". */
export function suggestionLabel(
  t: TranslateFn,
  { kind, changed, filter: near }: SuggestedSearch,
  typed: ListingFilter,
) {
  const city = near.city ?? '';
  const search = near.search ?? '';
  if (kind === 'wider') {
    const [key] = changed;
    return t('forgiving.without', { filter: key === 'price' ? t('forgiving.price') : t(`filters.label.${key}`) });
  }
  if (changed.includes('city') && kind === 'spelling') return t('forgiving.spelling_city', { city });
  if (near.city !== typed.city)
    return search ? t('forgiving.place_words', { search, city }) : t('forgiving.place', { city });
  return t('forgiving.spelling_words', { search });
}
