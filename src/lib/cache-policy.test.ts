import { describe, expect, it } from 'vitest';
import {
  CACHE_FRESH_MS,
  CACHE_GC_MS,
  PERSIST_RESTORE_TIMEOUT_MS,
  PROGRESS_MINIMUM,
  REFETCH_ON_FOCUS,
  RETRY_LIMIT,
  TOAST_DRAG_DISMISS_RATIO,
  TOAST_DURATION_MS,
  retryDelay,
} from './cache-policy.ts';

describe('cache policy', () => {
  it('keeps data fresh 10 minutes, unused data 5 minutes, and does not refetch on focus', () => {
    expect(CACHE_FRESH_MS).toBe(600_000);
    expect(CACHE_GC_MS).toBe(300_000);
    expect(REFETCH_ON_FOCUS).toBe(false);
  });

  it('retries up to 3 times', () => {
    expect(RETRY_LIMIT).toBe(3);
  });

  it('holds the shell timings', () => {
    expect(PERSIST_RESTORE_TIMEOUT_MS).toBe(5000);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_DRAG_DISMISS_RATIO).toBe(0.8);
    expect(PROGRESS_MINIMUM).toBe(0.08);
  });
});

describe('retryDelay', () => {
  it('starts at 1 s, doubles, and stops growing at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('treats out-of-range attempts as the first', () => {
    expect(retryDelay(0)).toBe(1000);
    expect(retryDelay(-2)).toBe(1000);
    expect(retryDelay(Number.NaN)).toBe(1000);
  });
});
