import { describe, expect, it } from 'vitest';
import { searchShape } from './search-shapes.ts';

describe('searchShape', () => {
  it('gives one key to searches that differ only in their values, and keeps the values apart', () => {
    const lisbon = searchShape({ city: 'Lisbon', propertyType: 'sell', minPriceMinor: 100 })!;
    const porto = searchShape({ city: 'Porto', propertyType: 'rent', minPriceMinor: 900 })!;
    expect(lisbon.key).toBe(porto.key);
    expect(lisbon.values).toEqual({ city: 'Lisbon', propertyType: 'sell', minPriceMinor: 100 });
    expect(porto.values).toEqual({ city: 'Porto', propertyType: 'rent', minPriceMinor: 900 });
  });

  it('tells apart searches with other fields, another order or a parameter with a value', () => {
    const keys = [
      searchShape({ city: 'Lisbon' }),
      searchShape({ state: 'Lisbon' }),
      searchShape({ city: 'Lisbon', sort: 'price_asc' }),
      searchShape({ city: 'Lisbon', bounds: { south: 1, west: 2, north: 3, east: 4 } }),
      searchShape({ parameter: { id: 3 } }),
      searchShape({ parameter: { id: 3, value: 'yes' } }),
    ].map((shape) => shape!.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('takes a field as the conditions do: a price of 0 is set, an empty place is not', () => {
    expect(searchShape({ minPriceMinor: 0 })!.values).toEqual({ minPriceMinor: 0 });
    expect(searchShape({ city: '' })!.key).toBe(searchShape({})!.key);
  });

  it('passes dates as ISO text and the corners of a view one by one', () => {
    const at = new Date('2026-11-01T10:00:00Z');
    const shape = searchShape({ postedAfter: at, bounds: { south: 1, west: 2, north: 3, east: 4 } })!;
    expect(shape.values).toEqual({ postedAfter: '2026-11-01T10:00:00.000Z', south: 1, west: 2, north: 3, east: 4 });
  });

  it('puts placeholders where the set values were, and keeps the order and the parameter form', () => {
    const shape = searchShape({
      city: 'Lisbon',
      sort: 'price_asc',
      parameter: { id: 4, value: 'yes' },
      bounds: { south: 1, west: 2, north: 3, east: 4 },
    })!;
    const names = (value: unknown) => (value as { name: string }).name;
    expect(names(shape.filter.city)).toBe('city');
    expect(shape.filter.state).toBeUndefined();
    expect(shape.filter.sort).toBe('price_asc');
    expect(names(shape.filter.parameter!.id)).toBe('parameterId');
    expect(names(shape.filter.parameter!.value)).toBe('parameterValue');
    expect(Object.values(shape.filter.bounds!).map(names)).toEqual(['south', 'west', 'north', 'east']);
    expect(shape.values).toMatchObject({ city: 'Lisbon', parameterId: 4, parameterValue: 'yes', south: 1 });
    expect(searchShape({ parameter: { id: 4 } })!.filter.parameter!.value).toBeUndefined();
    expect(searchShape({ sort: 'newest' })!.key).not.toBe(searchShape({})!.key);
  });

  it('leaves out filters whose statement depends on their values', () => {
    expect(searchShape({ categoryIds: [1, 2] })).toBeNull();
    expect(searchShape({ near: { latitude: 1, longitude: 2 } })).toBeNull();
    expect(searchShape({ polygon: [] })).toBeNull();
    expect(searchShape({ favouritedBy: 7 })).toBeNull();
    expect(searchShape({ bounds: { south: 1, west: 179, north: 3, east: -179 } })).toBeNull();
  });
});
