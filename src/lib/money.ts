/** Money is an integer count of minor units (cents) wherever arithmetic happens; these helpers format it. */

export const SOUTH_ASIAN_CURRENCIES = ['INR', 'BDT', 'NPR', 'PKR', 'LKR'] as const;
export const EAST_ASIAN_CURRENCIES = ['JPY', 'CNY', 'KRW'] as const;

type Unit = { value: number; suffix: string };
const SOUTH_ASIAN_UNITS: Unit[] = [
  { value: 1e7, suffix: 'Cr' },
  { value: 1e5, suffix: 'L' },
  { value: 1e3, suffix: 'K' },
];
const EAST_ASIAN_UNITS: Unit[] = [
  { value: 1e8, suffix: '億' },
  { value: 1e4, suffix: '万' },
];
const WESTERN_UNITS: Unit[] = [
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
];

/** The locale whose digit grouping a currency's users expect (lakh grouping for INR, and so on). */
const CURRENCY_LOCALES: Record<string, string> = {
  INR: 'en-IN',
  BDT: 'en-IN',
  NPR: 'en-IN',
  PKR: 'en-PK',
  LKR: 'en-LK',
  JPY: 'ja-JP',
  CNY: 'zh-CN',
  KRW: 'ko-KR',
  USD: 'en-US',
  CAD: 'en-CA',
  AUD: 'en-AU',
  GBP: 'en-GB',
  EUR: 'de-DE',
  AED: 'en-AE',
  SAR: 'en-SA',
  NGN: 'en-NG',
  KES: 'en-KE',
  ZAR: 'en-ZA',
  BRL: 'pt-BR',
  MXN: 'es-MX',
};

export function localeForCurrency(currencyCode: string): string {
  return CURRENCY_LOCALES[currencyCode.toUpperCase()] ?? 'en-US';
}

export function toMinor(major: number): number {
  // Exponent notation avoids binary drift: 1.005 * 100 is 100.49999..., but Number('1.005e2') is 100.5.
  return Math.round(Number(`${major}e2`));
}

export function toMajor(minor: number): number {
  return minor / 100;
}

/** An amount with 2 decimals in the currency's locale: 1234567.5 INR -> "12,34,567.50". */
export function formatAmount(minor: number, currencyCode: string, locale = localeForCurrency(currencyCode)): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(toMajor(minor));
}

function unitsFor(currencyCode: string): Unit[] {
  const code = currencyCode.toUpperCase();
  if ((SOUTH_ASIAN_CURRENCIES as readonly string[]).includes(code)) return SOUTH_ASIAN_UNITS;
  if ((EAST_ASIAN_CURRENCIES as readonly string[]).includes(code)) return EAST_ASIAN_UNITS;
  return WESTERN_UNITS;
}

/** A short amount with the currency's suffix: 15000000 INR -> "1.5Cr", 25000 USD -> "25K", 999 -> "999". */
export function formatWithSuffix(amountMajor: number, currencyCode: string): string {
  const sign = amountMajor < 0 ? '-' : '';
  const abs = Math.abs(amountMajor);
  const unit = unitsFor(currencyCode).find((u) => abs >= u.value);
  const scaled = unit ? abs / unit.value : abs;
  const rounded = Math.round(scaled * 100) / 100;
  return `${sign}${String(rounded)}${unit?.suffix ?? ''}`;
}

export interface PriceSettings {
  currencySymbol: string;
  currencyCode: string;
  numberWithSuffix: boolean;
}

/** A price as listings show it: the symbol, then the short form or the full 2-decimal amount. */
export function formatPrice(minor: number, settings: PriceSettings): string {
  const body = settings.numberWithSuffix
    ? formatWithSuffix(toMajor(minor), settings.currencyCode)
    : formatAmount(minor, settings.currencyCode);
  return `${settings.currencySymbol}${body}`;
}
