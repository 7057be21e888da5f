import { sql } from 'drizzle-orm';
import type { PublicPropertyFilter } from './property-repository.ts';

/**
 * A listing search is built by Drizzle once per shape (which filters are set, and the order), with placeholders for
 * the values: building its two statements cost about a quarter of a search's Node CPU (docs/performance.md). The
 * statements are still sent unnamed, so PostgreSQL plans each call for its own values (docs/decisions/017 on why
 * searches are not prepared under a name).
 */

/** The fields whose values only ever become bound parameters. The rest (a feed, a drawn area, nearest first, a list
 * of categories, favourites) change the statement's text with their values and are built each time. */
type ValueField = Exclude<
  keyof PublicPropertyFilter,
  'sort' | 'bounds' | 'parameter' | 'categoryIds' | 'preferences' | 'near' | 'polygon' | 'favouritedBy'
>;
const VALUE_FIELDS = [
  'search',
  'propertyType',
  'categoryId',
  'featuredAt',
  'city',
  'state',
  'country',
  'minPriceMinor',
  'maxPriceMinor',
  'postedAfter',
  'ownerId',
  'exceptId',
] as const satisfies readonly ValueField[];
const BOUNDS = ['south', 'west', 'north', 'east'] as const;
/** Every field a shape can hold; a filter setting any other is built for its values. */
const SHAPED_FIELDS = new Set<string>([...VALUE_FIELDS, 'sort', 'bounds', 'parameter']);

/** Whether the conditions take a field: prices by `!== undefined` (0 is a price), the rest when truthy. */
export const isSet = (field: keyof PublicPropertyFilter, value: unknown) =>
  field === 'minPriceMinor' || field === 'maxPriceMinor' ? value !== undefined : Boolean(value);

export interface SearchShape {
  /** Names the fields set, the parameter's form and the order: equal keys give equal statements. */
  key: string;
  /** The filter with a placeholder in place of each value. */
  filter: PublicPropertyFilter;
  /** The placeholders' values. */
  values: Record<string, unknown>;
}

/** The shape of a filter, or null when its statement's text depends on its values. */
export function searchShape(filter: PublicPropertyFilter): SearchShape | null {
  if (Object.entries(filter).some(([field, value]) => value !== undefined && !SHAPED_FIELDS.has(field))) return null;
  // A box across the antimeridian (west > east) has a condition of its own, two ranges of longitude
  // (markerConditions), chosen by its values: built for them, as rare as such views are.
  if (filter.bounds && filter.bounds.west > filter.bounds.east) return null;
  // Placeholders stand where the conditions expect values; they only ever pass them on to SQL.
  const shaped: Record<string, unknown> = { sort: filter.sort };
  const values: Record<string, unknown> = {};
  const parts: string[] = [`sort=${filter.sort ?? ''}`];
  for (const field of VALUE_FIELDS) {
    if (!isSet(field, filter[field])) continue;
    const value = filter[field];
    shaped[field] = sql.placeholder(field);
    // Drizzle passes a placeholder's value as it is, without the column's encoding: dates go as ISO text.
    values[field] = value instanceof Date ? value.toISOString() : value;
    parts.push(field);
  }
  if (filter.bounds) {
    shaped['bounds'] = Object.fromEntries(BOUNDS.map((edge) => [edge, sql.placeholder(edge)]));
    for (const edge of BOUNDS) values[edge] = filter.bounds[edge];
    parts.push('bounds');
  }
  if (filter.parameter) {
    const { id, value } = filter.parameter;
    shaped['parameter'] = {
      id: sql.placeholder('parameterId'),
      value: value === undefined ? undefined : sql.placeholder('parameterValue'),
    };
    values['parameterId'] = id;
    if (value !== undefined) values['parameterValue'] = value;
    parts.push(value === undefined ? 'parameter' : 'parameter=value');
  }
  return { key: parts.join(','), filter: shaped as PublicPropertyFilter, values };
}
