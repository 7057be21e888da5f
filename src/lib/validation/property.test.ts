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
});
