import { describe, expect, it } from 'vitest';
import { claimUniqueSlug, FALLBACK_SLUG, slugify, uniqueSlug } from './slug.ts';

describe('slugify', () => {
  it('lowercases', () => {
    expect(slugify('SEA View')).toBe('sea-view');
  });

  it('removes characters other than letters and digits', () => {
    expect(slugify('A & B / C')).toBe('a-b-c');
    expect(slugify("Owner's 3-BHK (new)!")).toBe('owners-3-bhk-new');
    expect(slugify('snake_case.name')).toBe('snakecasename');
  });

  it('turns spaces into hyphens and collapses repeats', () => {
    expect(slugify('Sea View  Villa, 3 BHK!')).toBe('sea-view-villa-3-bhk');
    expect(slugify('a \t\n b')).toBe('a-b');
    expect(slugify('a - - b')).toBe('a-b');
  });

  it('trims hyphens at the ends', () => {
    expect(slugify('  --Hello -- World--  ')).toBe('hello-world');
    expect(slugify('-x-')).toBe('x');
  });

  it('keeps letters and digits of other scripts, with their marks', () => {
    expect(slugify('شقة فاخرة ٣')).toBe('شقة-فاخرة-٣');
    expect(slugify('मुंबई फ्लैट')).toBe('मुंबई-फ्लैट');
    expect(slugify('東京 マンション')).toBe('東京-マンション');
  });

  it('drops accents on Latin letters only', () => {
    expect(slugify('Café Ñandú in São Paulo')).toBe('cafe-nandu-in-sao-paulo');
    expect(slugify('İstanbul')).toBe('istanbul');
  });

  it('returns an empty string when nothing is left', () => {
    expect(slugify('!!!')).toBe('');
    expect(slugify('')).toBe('');
  });
});

describe('uniqueSlug', () => {
  const taken = new Set(['villa', 'villa-2']);

  it('keeps the base when it is free', () => {
    expect(uniqueSlug('flat', taken)).toBe('flat');
  });

  it('appends the first free number, from 2', () => {
    expect(uniqueSlug('villa', taken)).toBe('villa-3');
    expect(uniqueSlug('home', new Set(['home']))).toBe('home-2');
  });

  it('accepts a predicate as well as a set', () => {
    expect(uniqueSlug('villa', (s) => taken.has(s))).toBe('villa-3');
  });

  it('falls back to a fixed word for an empty base', () => {
    expect(uniqueSlug('', () => false)).toBe(FALLBACK_SLUG);
    expect(uniqueSlug('', new Set([FALLBACK_SLUG]))).toBe(`${FALLBACK_SLUG}-2`);
  });
});

describe('claimUniqueSlug', () => {
  it('asks the asynchronous check until a slug is free', async () => {
    const taken = new Set(['villa', 'villa-2']);
    const asked: string[] = [];
    const slug = await claimUniqueSlug('villa', async (s) => (asked.push(s), taken.has(s)));
    expect(slug).toBe('villa-3');
    expect(asked).toEqual(['villa', 'villa-2', 'villa-3']);
    expect(await claimUniqueSlug('', async () => false)).toBe(FALLBACK_SLUG);
  });
});
