import { dateFormat } from './intl.ts';
import type { TranslateFn } from './i18n/translate.ts';

/**
 * Time display rules of spec section 9. Results are {value, unit} data, never sentences, so the caller translates
 * them; the *Message helpers give the matching keys of the `time` section of the language files.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type DurationUnit = 'hours' | 'days';
export interface Duration {
  value: number;
  unit: DurationUnit;
}

/** Durations of 24 hours or more show in whole days (rounded down), shorter ones in hours. */
export function formatDuration(hours: number): Duration {
  // Negative or NaN durations have no meaning on screen; show nothing rather than "-3 hours".
  if (!(hours > 0)) return { value: 0, unit: 'hours' };
  return hours >= 24 ? { value: Math.floor(hours / 24), unit: 'days' } : { value: hours, unit: 'hours' };
}

export type RelativeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';
export type RelativeTime = { value: number; unit: RelativeUnit } | 'just_now';

/** Largest first; years are 365 days and months 30, as the spec says (calendar-exact is not wanted). */
export const RELATIVE_UNITS: readonly (readonly [RelativeUnit, number])[] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

/**
 * How long ago `from` was, in the largest unit that fits at least once (rounded down). Under a second, in the
 * future (clock skew between server and browser) or unparseable: 'just_now'.
 */
export function relativeTime(from: Date | string | number, now: Date = new Date()): RelativeTime {
  const elapsed = now.getTime() - new Date(from).getTime();
  for (const [unit, size] of RELATIVE_UNITS) {
    if (elapsed >= size) return { value: Math.floor(elapsed / size), unit };
  }
  return 'just_now';
}

/** A translation key and count for the result: 'time.day_ago' with count 3, or 'time.just_now'. */
export function relativeTimeMessage(time: RelativeTime): { key: string; count?: number } {
  return time === 'just_now' ? { key: 'time.just_now' } : { key: `time.${time.unit}_ago`, count: time.value };
}

/** A translation key and count for a duration: 'time.days' with count 2. */
export function durationMessage(duration: Duration): { key: string; count: number } {
  return { key: `time.${duration.unit}`, count: duration.value };
}

/** `relativeTime` in words: "5 minutes ago", "just now". */
export function relativeTimeText(t: TranslateFn, from: Date | string | number, now?: Date): string {
  const { key, count } = relativeTimeMessage(relativeTime(from, now));
  return count === undefined ? t(key) : t(key, { count });
}

/** How dates and times are shown: a date, a date and time, the long form of receipts. */
export const TIME_FORMATS = {
  date: { dateStyle: 'medium' },
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
  long: { dateStyle: 'long', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type TimeFormat = keyof typeof TIME_FORMATS;

export const isTimeFormat = (name: string): name is TimeFormat => Object.hasOwn(TIME_FORMATS, name);

/**
 * A calendar day rather than a moment (an article's publication day): the day `value` falls on in UTC, the site's
 * calendar, written alike for every visitor, so nobody west of UTC reads it as the day before. `day` is YYYY-MM-DD,
 * for a <time datetime>.
 */
export function calendarDay(
  value: Date | string,
  lang: string,
  style: 'medium' | 'long',
): { day: string; text: string } {
  const date = new Date(value);
  return {
    day: date.toISOString().slice(0, 10),
    text: dateFormat(lang, { dateStyle: style, timeZone: 'UTC' }).format(date),
  };
}

/**
 * A moment as `format` shows it in `lang`, in `timeZone`; without one, in the runtime's own zone, which in a browser
 * is the visitor's (the server knows no visitor's zone: it says UTC, see LocalTime.astro).
 */
export function formatTime(value: Date | string, lang: string, format: TimeFormat, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = timeZone ? { ...TIME_FORMATS[format], timeZone } : TIME_FORMATS[format];
  return dateFormat(lang, options).format(new Date(value));
}
