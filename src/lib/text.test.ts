import { describe, expect, it } from 'vitest';
import { parseKeywords, truncate } from './text.ts';

describe('truncate', () => {
  it('leaves short text alone', () => {
    expect(truncate('Villa', 10)).toBe('Villa');
    expect(truncate('Villa', 5)).toBe('Villa');
  });

  it('cuts with an ellipsis within the limit', () => {
    const out = truncate('Beautiful sea view villa', 10);
    expect(out).toBe('Beautiful…');
    expect(Array.from(out).length).toBeLessThanOrEqual(10);
  });

  it('never splits an emoji or other astral character', () => {
    expect(truncate('🏠🏠🏠🏠', 3)).toBe('🏠🏠…');
  });
});

describe('parseKeywords', () => {
  it('splits, trims and drops empty phrases', () => {
    expect(parseKeywords(' villa, sea view ,, pool ')).toEqual(['villa', 'sea view', 'pool']);
  });
});
