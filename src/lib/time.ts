/** Time display rules of spec section 9. Results are {value, unit} so the caller translates them. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type DurationUnit = 'hours' | 'days';

/** Durations of 24 hours or more show in days (rounded down), shorter ones in hours. */
export function formatDuration(hours: number): { value: number; unit: DurationUnit } {
  return hours >= 24 ? { value: Math.floor(hours / 24), unit: 'days' } : { value: hours, unit: 'hours' };
}

export type RelativeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

/** Years of 365 days, months of 30, then weeks, days, hours, minutes, seconds; under a second (or future): just now. */
export function relativeTime(from: Date, now: Date = new Date()): { value: number; unit: RelativeUnit } | 'just_now' {
  const elapsed = now.getTime() - from.getTime();
  const units: [RelativeUnit, number][] = [
    ['year', 365 * DAY],
    ['month', 30 * DAY],
    ['week', 7 * DAY],
    ['day', DAY],
    ['hour', HOUR],
    ['minute', MINUTE],
    ['second', SECOND],
  ];
  for (const [unit, size] of units) {
    if (elapsed >= size) return { value: Math.floor(elapsed / size), unit };
  }
  return 'just_now';
}
