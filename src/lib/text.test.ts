import { describe, expect, it } from 'vitest';
import {
  META_DESCRIPTION_MAX,
  META_DESCRIPTION_MIN,
  META_KEYWORDS_MAX,
  META_TITLE_MAX,
  parseKeywords,
  truncate,
} from './text.ts';

describe('meta limits', () => {
  it('match the spec', () => {
    expect([META_TITLE_MAX, META_DESCRIPTION_MIN, META_DESCRIPTION_MAX, META_KEYWORDS_MAX]).toEqual([60, 50, 160, 10]);
  });
});

describe('truncate', () => {
  it('leaves text that fits alone', () => {
    expect(truncate('Villa', 10)).toBe('Villa');
    expect(truncate('Villa', 5)).toBe('Villa');
    expect(truncate('', 0)).toBe('');
  });

  it('cuts with an ellipsis, the result within the limit', () => {
    const out = truncate('Beautiful sea view villa', 10);
    expect(out).toBe('Beautiful…');
    expect(out.length).toBeLessThanOrEqual(10);
    expect(truncate('abcdef', 4)).toBe('abc…');
  });

  it('does not leave a space before the ellipsis', () => {
    expect(truncate('Sea view villa', 5)).toBe('Sea…');
  });

  it('never splits a surrogate pair or a combined character', () => {
    expect(truncate('🏠🏠🏠🏠', 6)).toBe('🏠🏠…');
    expect(truncate('🏠🏠🏠🏠', 4)).toBe('🏠…');
    expect(truncate('🏠🏠🏠🏠', 3)).toBe('🏠…');
    expect(truncate('🏠🏠🏠🏠', 2)).toBe('…');
    expect(truncate('👨‍👩‍👧 family home', 5)).toBe('…');
    expect(truncate('e\u0301e\u0301e\u0301', 4)).toBe('e\u0301…');
    for (let max = 0; max < 12; max++) {
      const out = truncate('a🏠b🏠c🏠d🏠', max);
      expect(out.length).toBeLessThanOrEqual(max);
      expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });

  it('gives the bare ellipsis or nothing at tiny limits', () => {
    expect(truncate('Villa', 1)).toBe('…');
    expect(truncate('Villa', 0)).toBe('');
    expect(truncate('Villa', -3)).toBe('');
  });

  it('fits a meta description to its maximum', () => {
    expect(truncate('x'.repeat(500), META_DESCRIPTION_MAX)).toHaveLength(META_DESCRIPTION_MAX);
  });
});

describe('parseKeywords', () => {
  it('splits on commas, trims and drops empty phrases', () => {
    expect(parseKeywords(' villa, sea view ,, pool ,')).toEqual(['villa', 'sea view', 'pool']);
    expect(parseKeywords('')).toEqual([]);
    expect(parseKeywords(' , ')).toEqual([]);
    expect(parseKeywords(null)).toEqual([]);
  });
});
