import { afterEach, describe, expect, it } from 'vitest';
import {
  calendarDay,
  durationMessage,
  formatDuration,
  formatTime,
  relativeTime,
  relativeTimeMessage,
  relativeTimeText,
} from './time.ts';

describe('formatDuration', () => {
  it('shows under 24 hours in hours', () => {
    expect(formatDuration(1)).toEqual({ value: 1, unit: 'hours' });
    expect(formatDuration(23)).toEqual({ value: 23, unit: 'hours' });
  });

  it('shows 24 hours or more in whole days', () => {
    expect(formatDuration(24)).toEqual({ value: 1, unit: 'days' });
    expect(formatDuration(47)).toEqual({ value: 1, unit: 'days' });
    expect(formatDuration(71)).toEqual({ value: 2, unit: 'days' });
    expect(formatDuration(720)).toEqual({ value: 30, unit: 'days' });
  });

  it('shows zero hours for nonsense input', () => {
    expect(formatDuration(0)).toEqual({ value: 0, unit: 'hours' });
    expect(formatDuration(-5)).toEqual({ value: 0, unit: 'hours' });
    expect(formatDuration(Number.NaN)).toEqual({ value: 0, unit: 'hours' });
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);
  const s = 1000;
  const d = 86_400_000;

  it('uses years of 365 days', () => {
    expect(ago(365 * d)).toEqual({ value: 1, unit: 'year' });
    expect(ago(400 * d)).toEqual({ value: 1, unit: 'year' });
    expect(ago(730 * d)).toEqual({ value: 2, unit: 'year' });
  });

  it('uses months of 30 days below a year', () => {
    expect(ago(364 * d)).toEqual({ value: 12, unit: 'month' });
    expect(ago(30 * d)).toEqual({ value: 1, unit: 'month' });
  });

  it('then weeks, days, hours, minutes and seconds', () => {
    expect(ago(29 * d)).toEqual({ value: 4, unit: 'week' });
    expect(ago(7 * d)).toEqual({ value: 1, unit: 'week' });
    expect(ago(6 * d)).toEqual({ value: 6, unit: 'day' });
    expect(ago(d)).toEqual({ value: 1, unit: 'day' });
    expect(ago(5 * 3600 * s)).toEqual({ value: 5, unit: 'hour' });
    expect(ago(90 * s)).toEqual({ value: 1, unit: 'minute' });
    expect(ago(59 * s)).toEqual({ value: 59, unit: 'second' });
    expect(ago(s)).toEqual({ value: 1, unit: 'second' });
  });

  it('says just now under a second, for future dates and for bad input', () => {
    expect(ago(0)).toBe('just_now');
    expect(ago(500)).toBe('just_now');
    expect(ago(-60 * s)).toBe('just_now');
    expect(relativeTime('not a date', now)).toBe('just_now');
  });

  it('accepts ISO strings and timestamps as the API sends them', () => {
    expect(relativeTime('2026-11-20T12:00:00Z', now)).toEqual({ value: 2, unit: 'day' });
    expect(relativeTime(now.getTime() - 3 * 60 * s, now)).toEqual({ value: 3, unit: 'minute' });
  });

  it('defaults now to the current time', () => {
    expect(relativeTime(new Date(Date.now() - 2 * d))).toEqual({ value: 2, unit: 'day' });
  });
});

describe('translation keys', () => {
  it('names the keys of the time section', () => {
    expect(relativeTimeMessage('just_now')).toEqual({ key: 'time.just_now' });
    expect(relativeTimeMessage({ value: 3, unit: 'day' })).toEqual({ key: 'time.day_ago', count: 3 });
    expect(durationMessage({ value: 2, unit: 'days' })).toEqual({ key: 'time.days', count: 2 });
  });
});

describe('words and formats', () => {
  it('says a relative time through the translator', () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      `${key}${values ? JSON.stringify(values) : ''}`;
    const now = new Date('2026-11-22T12:00:00Z');
    expect(relativeTimeText(t, '2026-11-22T11:55:00Z', now)).toBe('time.minute_ago{"count":5}');
    expect(relativeTimeText(t, now, now)).toBe('time.just_now');
  });

  it('formats in the zone asked for, or the runtime’s own', () => {
    const at = '2026-11-26T21:27:00Z';
    expect(formatTime(at, 'en', 'date', 'UTC')).toBe('Nov 26, 2026');
    expect(formatTime(at, 'en', 'date', 'Asia/Tokyo')).toBe('Nov 27, 2026');
    expect(formatTime(at, 'en', 'long', 'UTC')).toMatch(/^November 26, 2026 at 9:27\sPM$/);
    expect(formatTime(at, 'en', 'date')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(at)),
    );
  });
});

describe('calendarDay', () => {
  const zone = process.env['TZ'];
  afterEach(() => {
    if (zone === undefined) delete process.env['TZ'];
    else process.env['TZ'] = zone;
  });

  it('is the day in UTC, the same on a server (or for a visitor) on either side of it', () => {
    for (const tz of ['Pacific/Honolulu', 'Asia/Tokyo', 'UTC']) {
      process.env['TZ'] = tz;
      expect(calendarDay('2024-05-03T23:30:00Z', 'en', 'long'), tz).toEqual({ day: '2024-05-03', text: 'May 3, 2024' });
      expect(calendarDay(new Date('2024-05-04T00:30:00Z'), 'en', 'medium'), tz).toEqual({
        day: '2024-05-04',
        text: 'May 4, 2024',
      });
    }
  });
});
