import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  apiFilterQuery,
  apiListingFilterShape,
  filterOfApiQuery,
  filterQuery,
  listingFilterSchema,
  mapSearchHref,
  parseListingFilter,
  rewrittenFilterQuery,
} from './listing-filter.ts';
import { z } from 'zod';

const parse = (query: string) => parseListingFilter(new URLSearchParams(query));

describe('parseListingFilter (pages: lenient)', () => {
  it('reads the spec names, trimmed, numbers as numbers', () => {
    expect(parse('search=+sea+view+&property_type=rent&city=Lisbon&min_price=100&max_price=2500.5&page=3')).toEqual({
      filter: { search: 'sea view', property_type: 'rent', city: 'Lisbon', min_price: 100, max_price: 2500.5 },
      page: 3,
      dropped: [],
    });
  });

  it('leaves out malformed values and names them, instead of failing', () => {
    expect(
      parse(
        'search=&property_type=castle&min_price=-5&max_price=abc&posted_since=forever&sort=random&page=0&promoted=yes&bedrooms=2.5',
      ),
    ).toEqual({
      filter: {},
      page: 1,
      dropped: ['property_type', 'min_price', 'max_price', 'bedrooms', 'posted_since', 'promoted', 'sort'],
    });
    expect(parse('bathrooms=2&bedrooms=3')).toEqual({
      filter: { bedrooms: 3, bathrooms: 2 },
      page: 1,
      dropped: [],
    });
    expect(parse('bathrooms=0')).toEqual({ filter: {}, page: 1, dropped: ['bathrooms'] });
    expect(parse('bathrooms=0&bedrooms=2.5')).toMatchObject({
      dropped: ['bedrooms', 'bathrooms'],
    });
    expect(parse(`city=${'x'.repeat(500)}`)).toEqual({ filter: {}, page: 1, dropped: ['city'] });
    // A key given twice: the last value given counts, a blank one is no value.
    expect(parse('city=&city=Porto&bedrooms=2&bedrooms=3').filter).toEqual({ city: 'Porto', bedrooms: 3 });
  });

  it('keeps known periods, sorts and the promoted flag', () => {
    expect(parse('posted_since=last_week&sort=price_desc&promoted=1').filter).toMatchObject({
      posted_since: 'last_week',
      sort: 'price_desc',
      promoted: true,
    });
  });
});

describe('the API (strict) from the same fields', () => {
  const apiQuery = z.object(apiListingFilterShape());

  it('answers a malformed value with a message naming it', () => {
    const result = listingFilterSchema.safeParse({ bedrooms: '2.5', min_price: '10', max_price: '5' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([['bedrooms', 'listing.invalid_bedrooms']]);
    const inverted = listingFilterSchema.safeParse({ min_price: '10', max_price: '5' });
    expect(inverted.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['max_price', 'listing.price_range'],
    ]);
  });

  it('knows the category as category_slug_id, and reads back the same filter the page reads', () => {
    const query = 'city=Porto&category=villa&property_type=1&promoted=true&bedrooms=3';
    const fromPage = parse(query).filter;
    const fromApi = filterOfApiQuery(
      apiQuery.parse({ city: 'Porto', category_slug_id: 'villa', property_type: '1', promoted: 'true', bedrooms: '3' }),
    );
    expect(fromApi).toEqual(fromPage);
    expect(apiFilterQuery(fromPage)).toEqual({
      property_type: 'rent',
      category_slug_id: 'villa',
      city: 'Porto',
      bedrooms: '3',
      promoted: '1',
    });
  });
});

describe('filterQuery', () => {
  it('leaves out empty values, page 1 and the default sort', () => {
    expect(filterQuery({ search: '', city: 'Porto', sort: 'newest', min_price: 0, promoted: false }).toString()).toBe(
      'city=Porto&min_price=0',
    );
    expect(filterQuery({ city: 'Porto' }, 2).toString()).toBe('city=Porto&page=2');
  });
});

describe('rewrittenFilterQuery', () => {
  it('carries the values the page left out over to the address it rewrites the filter to', () => {
    const sent = new URLSearchParams('search=Porto&bedrooms=lots&bedrooms=many&min_price=x');
    const { dropped } = parseListingFilter(sent);
    expect(rewrittenFilterQuery({ city: 'Porto' }, sent, dropped).toString()).toBe(
      'city=Porto&min_price=x&bedrooms=many',
    );
    expect(parseListingFilter(rewrittenFilterQuery({ city: 'Porto' }, sent, dropped)).dropped).toEqual(dropped);
  });
});

describe('activeFilters', () => {
  it('gives each filter a link that removes only it and goes back to page 1', () => {
    const chips = activeFilters(parse('city=Porto&property_type=sell&page=4').filter);
    expect(chips).toEqual([
      { key: 'property_type', value: 'sell', removeHref: '/properties?city=Porto' },
      { key: 'city', value: 'Porto', removeHref: '/properties?property_type=sell' },
    ]);
    expect(activeFilters(parse('city=Porto').filter)[0]!.removeHref).toBe('/properties');
  });
});

describe('mapSearchHref', () => {
  it('keeps the search on the map, without its page, with a category page’s category', () => {
    const { filter } = parse('property_type=rent&bedrooms=2&page=3');
    expect(mapSearchHref(filter)).toBe('/properties/map?property_type=rent&bedrooms=2');
    expect(mapSearchHref(filter, 'villa')).toBe('/properties/map?property_type=rent&category=villa&bedrooms=2');
    expect(mapSearchHref(parse('').filter)).toBe('/properties/map');
  });
});
