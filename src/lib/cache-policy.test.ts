import { describe, expect, it } from 'vitest';
import { retryDelay } from './cache-policy.ts';

describe('retryDelay', () => {
  it('starts at 1 s, doubles, and stops growing at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
