/**
 * Intl formatters take about a millisecond to build and nothing to reuse, and a list page formats a date or a
 * number per card. One of each per language and options is kept; languages and options come from a short list in
 * the code and the server's languages, so the cache stays small.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules>();

function memo<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules>(key: string, build: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) formatters.set(key, (formatter = build()));
  return formatter;
}

export const dateFormat = (lang: string, options: Intl.DateTimeFormatOptions) =>
  memo(`date ${lang} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(lang, options));

export const numberFormat = (lang: string, options: Intl.NumberFormatOptions = {}) =>
  memo(`number ${lang} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(lang, options));

export const pluralRules = (lang: string) => memo(`plural ${lang}`, () => new Intl.PluralRules(lang));
