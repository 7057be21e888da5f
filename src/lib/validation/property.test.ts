import { describe, expect, it } from 'vitest';
import { propertyFieldsSchema } from './property.ts';

const priceMessages = (price: unknown) => {
  const result = propertyFieldsSchema.shape.price.safeParse(price);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('a listing price', () => {
  it('is asked above zero when it is zero or less, and below the limit when it is too large', () => {
    expect(priceMessages('0')).toEqual(['validation.price']);
    expect(priceMessages('-5')).toEqual(['validation.price']);
    expect(priceMessages('1e308')).toEqual(['validation.price_max']);
    expect(priceMessages('99999999999999999999999')).toEqual(['validation.price_max']);
    expect(priceMessages('250000')).toEqual([]);
  });

  it('takes plain numbers as the API and the edit form send them', () => {
    for (const price of ['1250000', ' 1250000 ', '1250000.5', '1e6', 250000]) expect(priceMessages(price)).toEqual([]);
    expect(propertyFieldsSchema.shape.price.parse('1250000.50')).toBe(1250000.5);
  });

  it('asks for digits only when the price was typed with separators or a currency sign, never guessing them', () => {
    for (const price of ['1,250,000', '1.250.000', '1.250.000,00', '1 250 000', '$250000', 'abc'])
      expect(priceMessages(price), price).toEqual(['validation.price_digits']);
  });

  it('says a price too large to hold is too large', () => {
    expect(priceMessages('1e309')).toEqual(['validation.price_max']);
    expect(priceMessages(Infinity)).toEqual(['validation.price_max']);
  });

  it('asks for a price when there is none', () => {
    expect(priceMessages('')).toEqual(['validation.price']);
    expect(priceMessages(undefined)).toEqual(['validation.price']);
  });
});
