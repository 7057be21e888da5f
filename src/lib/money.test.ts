import { describe, expect, it } from 'vitest';
import {
  CURRENCY_LOCALES,
  EAST_ASIAN_CURRENCIES,
  SOUTH_ASIAN_CURRENCIES,
  formatAmount,
  formatPrice,
  formatPriceWithSuffix,
  formatWithSuffix,
  localeForCurrency,
  toMajor,
  toMinor,
} from './money.ts';

describe('currency groups', () => {
  it('lists the currencies with their own suffixes', () => {
    expect(SOUTH_ASIAN_CURRENCIES).toEqual(['INR', 'BDT', 'NPR', 'PKR', 'LKR']);
    expect(EAST_ASIAN_CURRENCIES).toEqual(['JPY', 'CNY', 'KRW']);
  });
});

describe('formatPriceWithSuffix', () => {
  it('uses K, L and Cr for INR, BDT, NPR, PKR and LKR', () => {
    expect(formatPriceWithSuffix(15_000_000, 'INR')).toBe('1.5Cr');
    expect(formatPriceWithSuffix(250_000, 'PKR')).toBe('2.5L');
    expect(formatPriceWithSuffix(25_000, 'BDT')).toBe('25K');
    expect(formatPriceWithSuffix(999, 'NPR')).toBe('999');
    expect(formatPriceWithSuffix(12_345_678, 'LKR')).toBe('1.23Cr');
    expect(formatPriceWithSuffix(5_000_000_000, 'INR')).toBe('500Cr');
  });

  it('uses 万 and 億 for JPY, CNY and KRW', () => {
    expect(formatPriceWithSuffix(35_000, 'JPY')).toBe('3.5万');
    expect(formatPriceWithSuffix(120_000_000, 'CNY')).toBe('1.2億');
    expect(formatPriceWithSuffix(9_999, 'KRW')).toBe('9999');
    expect(formatPriceWithSuffix(1_000, 'JPY')).toBe('1000');
  });

  it('uses K, M and B elsewhere', () => {
    expect(formatPriceWithSuffix(1_500, 'USD')).toBe('1.5K');
    expect(formatPriceWithSuffix(2_750_000, 'USD')).toBe('2.75M');
    expect(formatPriceWithSuffix(3_000_000_000, 'GBP')).toBe('3B');
    expect(formatPriceWithSuffix(25_000, 'XYZ')).toBe('25K');
  });

  it('keeps up to 2 decimals and drops trailing zeros', () => {
    expect(formatPriceWithSuffix(1_005_000, 'INR')).toBe('10.05L');
    expect(formatPriceWithSuffix(1_234_567, 'USD')).toBe('1.23M');
    expect(formatPriceWithSuffix(1_235_000, 'USD')).toBe('1.24M');
    expect(formatPriceWithSuffix(2_000, 'USD')).toBe('2K');
    expect(formatPriceWithSuffix(12.5, 'USD')).toBe('12.5');
  });

  it('moves up a unit when rounding reaches it', () => {
    expect(formatPriceWithSuffix(999_999, 'USD')).toBe('1M');
    expect(formatPriceWithSuffix(99_999, 'INR')).toBe('1L');
    expect(formatPriceWithSuffix(99_999_999, 'JPY')).toBe('1億');
    expect(formatPriceWithSuffix(999.999, 'USD')).toBe('1K');
  });

  it('handles zero, negatives and lower-case codes', () => {
    expect(formatPriceWithSuffix(0, 'USD')).toBe('0');
    expect(formatPriceWithSuffix(-1_500, 'usd')).toBe('-1.5K');
    expect(formatPriceWithSuffix(15_000_000, 'inr')).toBe('1.5Cr');
  });

  it('writes the decimal separator of the currency locale, as the full amount does', () => {
    // EUR is written 1.234.567,50 in full (de-DE), so its short form is 2,04M; USD keeps the point.
    expect(formatPriceWithSuffix(2_040_000, 'EUR')).toBe('2,04M');
    expect(formatPriceWithSuffix(2_040_000, 'USD')).toBe('2.04M');
    expect(formatPriceWithSuffix(-1_500, 'eur')).toBe('-1,5K');
    expect(formatPriceWithSuffix(2_500_000, 'BRL')).toBe('2,5M');
    expect(formatPriceWithSuffix(15_000_000, 'INR')).toBe('1.5Cr');
    expect(formatPriceWithSuffix(35_000, 'JPY')).toBe('3.5万');
    expect(formatPriceWithSuffix(2_000_000, 'EUR')).toBe('2M');
    // No grouping below the smallest unit, whatever the locale.
    expect(formatPriceWithSuffix(999.5, 'EUR')).toBe('999,5');
    expect(formatPriceWithSuffix(9_999, 'KRW')).toBe('9999');
  });

  it('keeps the first name as an alias', () => {
    expect(formatWithSuffix).toBe(formatPriceWithSuffix);
  });
});

describe('formatAmount', () => {
  it('shows 2 decimals in the currency locale', () => {
    expect(formatAmount(123_456_750, { currencyCode: 'INR' })).toBe('12,34,567.50');
    expect(formatAmount(123_456_750, { currencyCode: 'USD' })).toBe('1,234,567.50');
    expect(formatAmount(123_456_750, { currencyCode: 'EUR' })).toBe('1.234.567,50');
    expect(formatAmount(123_456_700, { currencyCode: 'JPY' })).toBe('1,234,567.00');
    expect(formatAmount(5, { currencyCode: 'USD' })).toBe('0.05');
  });

  it('takes a locale override and survives a malformed one', () => {
    expect(formatAmount(123_456_750, { currencyCode: 'USD', locale: 'de-DE' })).toBe('1.234.567,50');
    expect(formatAmount(100, { currencyCode: 'USD', locale: 'not a locale!' })).toBe('1.00');
  });

  it('accepts a bare currency code', () => {
    expect(formatAmount(123_456_750, 'INR')).toBe('12,34,567.50');
  });
});

describe('localeForCurrency', () => {
  it('maps known currencies and falls back to en-US', () => {
    expect(localeForCurrency('INR')).toBe('en-IN');
    expect(localeForCurrency('jpy')).toBe('ja-JP');
    expect(localeForCurrency('AED')).toBe('ar-AE');
    expect(localeForCurrency('XYZ')).toBe('en-US');
  });

  it('only maps to locales the runtime knows', () => {
    const locales = [...new Set(Object.values(CURRENCY_LOCALES))];
    expect(Intl.NumberFormat.supportedLocalesOf(locales)).toEqual(locales);
  });
});

describe('formatPrice', () => {
  const usd = { currencySymbol: '$', currencyCode: 'USD' };

  it('prefixes the symbol and follows the suffix setting', () => {
    expect(formatPrice(15_000_000, { ...usd, numberWithSuffix: true })).toBe('$150K');
    expect(formatPrice(15_000_000, { ...usd, numberWithSuffix: false })).toBe('$150,000.00');
    expect(formatPrice(1_500_000_000, { currencySymbol: '₹', currencyCode: 'INR', numberWithSuffix: true })).toBe(
      '₹1.5Cr',
    );
    expect(formatPrice(1_500_000_000, { currencySymbol: '₹', currencyCode: 'INR', numberWithSuffix: false })).toBe(
      '₹1,50,00,000.00',
    );
  });

  it('writes the short form with the separator of the full amount', () => {
    const eur = { currencySymbol: '€', currencyCode: 'EUR' };
    expect(formatPrice(204_000_000, { ...eur, numberWithSuffix: true })).toBe('€2,04M');
    expect(formatPrice(204_000_000, { ...eur, numberWithSuffix: false })).toBe('€2.040.000,00');
    expect(formatPrice(204_000_000, { ...usd, numberWithSuffix: true })).toBe('$2.04M');
  });

  it('puts a minus sign before the symbol', () => {
    expect(formatPrice(-150_000, { ...usd, numberWithSuffix: true })).toBe('-$1.5K');
    expect(formatPrice(-150_000, { ...usd, numberWithSuffix: false })).toBe('-$1,500.00');
  });
});

describe('minor units', () => {
  it('converts major to minor without floating-point drift', () => {
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(1_234_567.89)).toBe(123_456_789);
    expect(toMinor(8.675)).toBe(868);
    expect(toMinor(0)).toBe(0);
  });

  it('rounds half away from zero', () => {
    expect(toMinor(-1.005)).toBe(-101);
    expect(toMinor(0.004)).toBe(0);
    expect(Object.is(toMinor(-0.004), 0)).toBe(true);
  });

  it('copes with numbers written in exponent form', () => {
    expect(toMinor(1e21)).toBe(1e23);
    expect(toMinor(1e-7)).toBe(0);
  });

  it('refuses non-finite input', () => {
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
    expect(() => toMinor(Infinity)).toThrow(RangeError);
  });

  it('converts minor to major', () => {
    expect(toMajor(1999)).toBe(19.99);
    expect(toMajor(5)).toBe(0.05);
    expect(toMinor(toMajor(123_456_789))).toBe(123_456_789);
  });
});
