import { describe, expect, it } from 'vitest';
import { activeFilters, filterQuery, mapSearchHref, parseListingFilter } from './listing-filters.ts';

const parse = (query: string) => parseListingFilter(new URLSearchParams(query));

describe('parseListingFilter', () => {
  it('reads the spec names, trimmed, numbers as numbers', () => {
    expect(parse('search=+sea+view+&property_type=rent&city=Lisbon&min_price=100&max_price=2500.5&page=3')).toEqual({
      search: 'sea view',
      property_type: 'rent',
      city: 'Lisbon',
      min_price: 100,
      max_price: 2500.5,
      page: 3,
    });
  });

  it('drops empty and odd values instead of failing', () => {
    expect(
      parse(
        'search=&property_type=castle&min_price=-5&max_price=abc&posted_since=forever&sort=random&page=0&promoted=yes',
      ),
    ).toEqual({ page: 1 });
    expect(parse(`city=${'x'.repeat(500)}`)).toEqual({ page: 1 });
  });

  it('keeps known periods, sorts and the promoted flag', () => {
    expect(parse('posted_since=last_week&sort=price_desc&promoted=1')).toMatchObject({
      posted_since: 'last_week',
      sort: 'price_desc',
      promoted: '1',
    });
  });
});

describe('filterQuery', () => {
  it('leaves out empty values, page 1 and the default sort', () => {
    expect(filterQuery({ search: '', city: 'Porto', page: 1, sort: 'newest', min_price: 0 }).toString()).toBe(
      'city=Porto&min_price=0',
    );
    expect(filterQuery({ city: 'Porto', page: 2 }).toString()).toBe('city=Porto&page=2');
  });
});

describe('activeFilters', () => {
  it('gives each filter a link that removes only it and goes back to page 1', () => {
    const chips = activeFilters(parse('city=Porto&property_type=sell&page=4'));
    expect(chips).toEqual([
      { key: 'property_type', value: 'sell', removeHref: '/properties?city=Porto' },
      { key: 'city', value: 'Porto', removeHref: '/properties?property_type=sell' },
    ]);
    expect(activeFilters(parse('city=Porto'))[0]!.removeHref).toBe('/properties');
  });
});

describe('mapSearchHref', () => {
  it('keeps the search on the map, without its page, with a category page’s category', () => {
    const filter = parseListingFilter(new URLSearchParams('property_type=rent&bedrooms=2&page=3'));
    expect(mapSearchHref(filter)).toBe('/properties/map?property_type=rent&bedrooms=2');
    expect(mapSearchHref(filter, 'villa')).toBe('/properties/map?property_type=rent&category=villa&bedrooms=2');
    expect(mapSearchHref(parseListingFilter(new URLSearchParams()))).toBe('/properties/map');
  });
});
