import { describe, expect, it } from 'vitest';
import {
  areaUnitOf,
  factRole,
  listingFacts,
  pricePerArea,
  pricePerAreaLabel,
  whatsappNumber,
} from './listing-facts.ts';

describe('listing facts', () => {
  it('recognises the key facts by the names admins give their parameters', () => {
    expect(factRole('Bedrooms')).toBe('bedrooms');
    expect(factRole('Beds')).toBe('bedrooms');
    expect(factRole('Bathrooms')).toBe('bathrooms');
    expect(factRole('Area (sq ft)')).toBe('area');
    expect(factRole('Plot size (sq ft)')).toBe('area');
    expect(factRole('غرف النوم')).toBe('bedrooms');
    expect(factRole('Floor')).toBeNull();
    expect(factRole('Parking')).toBeNull();
  });

  it('reads the area unit from the name, square metres when it names none', () => {
    expect(areaUnitOf('Area (sq ft)')).toBe('sq_ft');
    expect(areaUnitOf('Surface (m²)')).toBe('sq_m');
    expect(areaUnitOf('Land (acres)')).toBe('acre');
    expect(areaUnitOf('Area')).toBe('sq_m');
  });

  it('takes the first number of each role, a floor area before a plot', () => {
    expect(
      listingFacts([
        { name: 'Plot size (sq ft)', value: 9000 },
        { name: 'Bedrooms', value: 3 },
        { name: 'Bathrooms', value: '2' },
        { name: 'Area (sq ft)', value: 1200 },
        { name: 'Floor', value: 4 },
      ]),
    ).toEqual({ bedrooms: 3, bathrooms: 2, area: { value: 1200, unit: 'sq_ft' } });
    expect(listingFacts([{ name: 'Plot size (sq ft)', value: 9000 }]).area).toEqual({ value: 9000, unit: 'sq_ft' });
    expect(listingFacts([{ name: 'Area (sq ft)', value: '1,250' }]).area).toEqual({ value: 1250, unit: 'sq_ft' });
    expect(listingFacts([{ name: 'المساحة (متر مربع)', value: 90 }]).area).toEqual({ value: 90, unit: 'sq_m' });
    expect(listingFacts([{ name: 'Bedrooms', value: 'many' }])).toEqual({
      bedrooms: null,
      bathrooms: null,
      area: null,
    });
  });

  it('prices a unit of area in whole units of money, cents below one unit', () => {
    expect(pricePerArea(204_000_000, { value: 5500, unit: 'sq_ft' })).toBe(37_100);
    expect(pricePerArea(5_000, { value: 10_000, unit: 'sq_m' })).toBe(1);
    expect(pricePerArea(100_000, null)).toBeNull();
  });
});
describe('whatsappNumber', () => {
  it('keeps the digits of an international number', () => {
    expect(whatsappNumber('+44 20 7946 0958')).toBe('442079460958');
    expect(whatsappNumber('0044 (20) 7946-0958')).toBe('442079460958');
  });

  it('refuses a national number, whose country wa.me cannot tell', () => {
    expect(whatsappNumber('0612345678')).toBeNull();
    expect(whatsappNumber('(020) 7946 0958')).toBeNull();
  });

  it('refuses what cannot be a phone number', () => {
    expect(whatsappNumber('+12345')).toBeNull();
    expect(whatsappNumber('+1234567890123456')).toBeNull();
    expect(whatsappNumber('none')).toBeNull();
  });
});

describe('pricePerAreaLabel', () => {
  const prices = { currencySymbol: '$', currencyCode: 'USD', numberWithSuffix: true };
  const area = { value: 1000, unit: 'sq_ft' as const };

  it('gives a sale its price per unit in whole units, never shortened with a suffix', () => {
    expect(pricePerAreaLabel({ propertyType: 'sell', priceMinor: 371_000_000 }, area, prices)).toBe('$3,710');
  });

  it('gives a rental none, nor a listing without an area', () => {
    expect(pricePerAreaLabel({ propertyType: 'rent', priceMinor: 150_000 }, area, prices)).toBeNull();
    expect(pricePerAreaLabel({ propertyType: 'sell', priceMinor: 150_000 }, null, prices)).toBeNull();
  });
});
