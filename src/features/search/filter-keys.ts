/** Keys of the /properties filter in the order chips show them (kept apart from the zod schema so islands stay small). */
export const FILTER_KEYS = [
  'search',
  'property_type',
  'category',
  'city',
  'state',
  'country',
  'min_price',
  'max_price',
  'bedrooms',
  'bathrooms',
  'posted_since',
  'promoted',
  'sort',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
