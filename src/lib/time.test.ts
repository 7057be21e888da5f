import { describe, expect, it } from 'vitest';
import { formatDuration, relativeTime } from './time.ts';

describe('formatDuration', () => {
  it('shows 24 hours or more in days', () => {
    expect(formatDuration(23)).toEqual({ value: 23, unit: 'hours' });
    expect(formatDuration(24)).toEqual({ value: 1, unit: 'days' });
    expect(formatDuration(71)).toEqual({ value: 2, unit: 'days' });
    expect(formatDuration(720)).toEqual({ value: 30, unit: 'days' });
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);
  const s = 1000;
  const d = 86_400_000;

  it('picks the largest whole unit', () => {
    expect(ago(400 * d)).toEqual({ value: 1, unit: 'year' });
    expect(ago(364 * d)).toEqual({ value: 12, unit: 'month' });
    expect(ago(30 * d)).toEqual({ value: 1, unit: 'month' });
    expect(ago(29 * d)).toEqual({ value: 4, unit: 'week' });
    expect(ago(6 * d)).toEqual({ value: 6, unit: 'day' });
    expect(ago(5 * 3600 * s)).toEqual({ value: 5, unit: 'hour' });
    expect(ago(90 * s)).toEqual({ value: 1, unit: 'minute' });
    expect(ago(59 * s)).toEqual({ value: 59, unit: 'second' });
  });

  it('says just now under a second and for future dates', () => {
    expect(ago(500)).toBe('just_now');
    expect(ago(-60 * s)).toBe('just_now');
  });
});
