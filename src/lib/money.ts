import { numberFormat } from './intl.ts';

/**
 * Money is an integer count of minor units wherever arithmetic happens; these helpers convert and format it.
 * A minor unit is 1/100 of the major unit for every currency, JPY and KRW included: the spec shows every amount
 * with 2 decimals, so one fixed scale keeps storage and arithmetic uniform.
 */

export const MINOR_PER_MAJOR = 100;

/** Currencies whose short form uses K (1e3), L (lakh, 1e5) and Cr (crore, 1e7). */
export const SOUTH_ASIAN_CURRENCIES = ['INR', 'BDT', 'NPR', 'PKR', 'LKR'] as const;
/** Currencies whose short form uses 万 (1e4) and 億 (1e8). */
export const EAST_ASIAN_CURRENCIES = ['JPY', 'CNY', 'KRW'] as const;

type Unit = { readonly value: number; readonly suffix: string };
// Largest first, so the first unit the amount reaches is the one to use.
const SOUTH_ASIAN_UNITS: readonly Unit[] = [
  { value: 1e7, suffix: 'Cr' },
  { value: 1e5, suffix: 'L' },
  { value: 1e3, suffix: 'K' },
];
const EAST_ASIAN_UNITS: readonly Unit[] = [
  { value: 1e8, suffix: '億' },
  { value: 1e4, suffix: '万' },
];
const WESTERN_UNITS: readonly Unit[] = [
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
];

/**
 * The locale whose digit grouping and separators a currency's users expect (lakh grouping for INR, 1.234,50 for
 * EUR). Locales are picked to give Latin digits, so prices read the same in every interface language.
 */
export const CURRENCY_LOCALES: Readonly<Record<string, string>> = {
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
  NZD: 'en-NZ',
  GBP: 'en-GB',
  EUR: 'de-DE',
  CHF: 'de-CH',
  AED: 'ar-AE',
  SAR: 'en-SA',
  QAR: 'en-QA',
  NGN: 'en-NG',
  KES: 'en-KE',
  ZAR: 'en-ZA',
  BRL: 'pt-BR',
  MXN: 'es-MX',
  SGD: 'en-SG',
  MYR: 'ms-MY',
  IDR: 'id-ID',
  PHP: 'en-PH',
  THB: 'th-TH',
  TRY: 'tr-TR',
};
export const DEFAULT_LOCALE = 'en-US';

export function localeForCurrency(currencyCode: string): string {
  return CURRENCY_LOCALES[currencyCode.trim().toUpperCase()] ?? DEFAULT_LOCALE;
}

/** Rounds half away from zero to 2 decimals, via exponent notation: 1.005 * 100 is 100.4999..., 1.005e2 is 100.5. */
function round2(value: number): number {
  const abs = Math.abs(value);
  const text = String(abs);
  // String() already uses exponent notation for very large or tiny numbers; appending "e2" would not parse there.
  const shifted = text.includes('e') ? abs * 100 : Number(`${text}e2`);
  return (Math.sign(value) * Math.round(shifted)) / 100 || 0;
}

/** Major units (19.99) to integer minor units (1999), rounding half away from zero. */
export function toMinor(major: number): number {
  if (!Number.isFinite(major)) throw new RangeError(`Not a finite amount: ${major}`);
  // round2 is exact to the cent; the final round removes the representation error of x.yz * 100.
  return Math.round(round2(major) * MINOR_PER_MAJOR);
}

/** Integer minor units (1999) to major units (19.99). */
export function toMajor(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

const AMOUNT: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
/** The number of a short price: up to 2 decimals, trailing zeros dropped, no grouping ("2,04" before "M"). */
const SHORT: Intl.NumberFormatOptions = { minimumFractionDigits: 0, maximumFractionDigits: 2, useGrouping: false };

function amountFormatter(locale: string, options: Intl.NumberFormatOptions = AMOUNT): Intl.NumberFormat {
  try {
    return numberFormat(locale, options);
  } catch {
    // A malformed locale from settings should cost the grouping style, not the page.
    return numberFormat(DEFAULT_LOCALE, options);
  }
}

export interface AmountFormatOptions {
  currencyCode: string;
  /** Overrides the currency's default locale. */
  locale?: string;
}

/**
 * An amount with 2 decimals in the currency's locale: 123456750 minor INR -> "12,34,567.50". No symbol.
 * A bare currency code is accepted in place of the options, as the first version took it.
 */
export function formatAmount(minor: number, options: AmountFormatOptions | string): string {
  const { currencyCode, locale } = typeof options === 'string' ? { currencyCode: options, locale: undefined } : options;
  return amountFormatter(locale ?? localeForCurrency(currencyCode)).format(toMajor(minor));
}

function unitsFor(currencyCode: string): readonly Unit[] {
  const code = currencyCode.trim().toUpperCase();
  if ((SOUTH_ASIAN_CURRENCIES as readonly string[]).includes(code)) return SOUTH_ASIAN_UNITS;
  if ((EAST_ASIAN_CURRENCIES as readonly string[]).includes(code)) return EAST_ASIAN_UNITS;
  return WESTERN_UNITS;
}

/**
 * A short amount in MAJOR units with the currency's suffix, up to 2 decimals, trailing zeros dropped:
 * 15000000 INR -> "1.5Cr", 25000 USD -> "25K", 999 -> "999". No symbol, no digit grouping. The decimal separator
 * is the currency locale's, as in the full amount: 2040000 EUR -> "2,04M" (de-DE), USD -> "2.04M".
 */
export function formatPriceWithSuffix(amount: number, currencyCode: string): string {
  if (!Number.isFinite(amount)) return String(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const units = unitsFor(currencyCode);
  let index = units.findIndex((u) => abs >= u.value);
  if (index === -1) index = units.length; // below the smallest unit: no suffix
  let scaled = round2(abs / (units[index]?.value ?? 1));
  // Rounding can reach the next unit up (999999 -> 1000K); say "1M" instead.
  const larger = units[index - 1];
  if (larger && scaled * (units[index]?.value ?? 1) >= larger.value) {
    index -= 1;
    scaled = round2(abs / larger.value);
  }
  if (scaled === 0) return '0';
  // scaled is already rounded to 2 decimals; the formatter only adds the locale's decimal separator.
  return `${sign}${amountFormatter(localeForCurrency(currencyCode), SHORT).format(scaled)}${units[index]?.suffix ?? ''}`;
}

/** @deprecated Use formatPriceWithSuffix; kept for callers written against the first version. */
export const formatWithSuffix = formatPriceWithSuffix;

/** The three price-related site settings (currency_symbol, selected_currency_data.code, number_with_suffix). */
export interface PriceSettings {
  currencySymbol: string;
  currencyCode: string;
  numberWithSuffix: boolean;
}

const WHOLE: Intl.NumberFormatOptions = { minimumFractionDigits: 0, maximumFractionDigits: 0 };

/**
 * A price of one unit (of area) as portals show it: grouped whole units ("$3,710", never "3.71K"), and cents only
 * below one unit ("$0.45"); sign first.
 */
export function formatUnitPrice(minor: number, settings: Pick<PriceSettings, 'currencySymbol' | 'currencyCode'>) {
  const abs = Math.abs(minor);
  const whole = abs >= MINOR_PER_MAJOR && abs % MINOR_PER_MAJOR === 0;
  const body = amountFormatter(localeForCurrency(settings.currencyCode), whole ? WHOLE : AMOUNT).format(toMajor(abs));
  return `${minor < 0 ? '-' : ''}${settings.currencySymbol}${body}`;
}

/** A price as listings show it: the symbol, then the short form or the full 2-decimal amount; sign first. */
export function formatPrice(minor: number, settings: PriceSettings): string {
  const body = settings.numberWithSuffix
    ? formatPriceWithSuffix(toMajor(Math.abs(minor)), settings.currencyCode)
    : formatAmount(Math.abs(minor), { currencyCode: settings.currencyCode });
  return `${minor < 0 ? '-' : ''}${settings.currencySymbol}${body}`;
}
