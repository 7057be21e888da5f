import type { TranslateFn } from './i18n/translate.ts';

/** "12 properties", or "More than 1000 properties" when the search stopped counting at its cap. */
export function listingCount(t: TranslateFn, total: number, capped = false): string {
  return capped ? t('properties.count_capped', { total }) : t('properties.count', { count: total });
}
