import { describe, expect, it } from 'vitest';
import { formatAmount, formatPrice, formatWithSuffix, toMajor, toMinor } from './money.ts';

describe('formatWithSuffix', () => {
  it('uses K, L and Cr for INR, BDT, NPR, PKR and LKR', () => {
    expect(formatWithSuffix(15_000_000, 'INR')).toBe('1.5Cr');
    expect(formatWithSuffix(250_000, 'PKR')).toBe('2.5L');
    expect(formatWithSuffix(25_000, 'BDT')).toBe('25K');
    expect(formatWithSuffix(999, 'NPR')).toBe('999');
    expect(formatWithSuffix(12_345_678, 'LKR')).toBe('1.23Cr');
  });

  it('uses 万 and 億 for JPY, CNY and KRW', () => {
    expect(formatWithSuffix(35_000, 'JPY')).toBe('3.5万');
    expect(formatWithSuffix(120_000_000, 'CNY')).toBe('1.2億');
    expect(formatWithSuffix(9_999, 'KRW')).toBe('9999');
  });

  it('uses K, M and B elsewhere', () => {
    expect(formatWithSuffix(1_500, 'USD')).toBe('1.5K');
    expect(formatWithSuffix(2_750_000, 'EUR')).toBe('2.75M');
    expect(formatWithSuffix(3_000_000_000, 'GBP')).toBe('3B');
    expect(formatWithSuffix(-1_500, 'usd')).toBe('-1.5K');
  });
});

describe('formatAmount', () => {
  it('shows 2 decimals in the currency locale', () => {
    expect(formatAmount(123_456_750, 'INR')).toBe('12,34,567.50');
    expect(formatAmount(123_456_750, 'USD')).toBe('1,234,567.50');
    expect(formatAmount(123_456_750, 'EUR')).toBe('1.234.567,50');
    expect(formatAmount(5, 'USD')).toBe('0.05');
  });
});

describe('formatPrice', () => {
  it('prefixes the symbol and follows the suffix setting', () => {
    expect(formatPrice(150_000_00, { currencySymbol: '$', currencyCode: 'USD', numberWithSuffix: true })).toBe('$150K');
    expect(formatPrice(150_000_00, { currencySymbol: '$', currencyCode: 'USD', numberWithSuffix: false })).toBe(
      '$150,000.00',
    );
  });
});

describe('minor units', () => {
  it('converts without floating-point drift', () => {
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMajor(1999)).toBe(19.99);
  });
});
