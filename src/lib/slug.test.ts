import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from './slug.ts';

describe('slugify', () => {
  it('lowercases, drops symbols, turns spaces into single hyphens', () => {
    expect(slugify('Sea View  Villa, 3 BHK!')).toBe('sea-view-villa-3-bhk');
    expect(slugify('  --Hello -- World--  ')).toBe('hello-world');
    expect(slugify('A & B / C')).toBe('a-b-c');
  });

  it('keeps letters and digits of other scripts', () => {
    expect(slugify('شقة فاخرة ٣')).toBe('شقة-فاخرة-٣');
    expect(slugify('Café Ñandú in São Paulo')).toBe('cafe-nandu-in-sao-paulo');
    expect(slugify('मुंबई फ्लैट')).toBe('मुंबई-फ्लैट');
  });

  it('returns an empty string when nothing is left', () => {
    expect(slugify('!!!')).toBe('');
  });
});

describe('uniqueSlug', () => {
  it('appends the first free number', () => {
    const taken = new Set(['villa', 'villa-2']);
    expect(uniqueSlug('villa', (s) => taken.has(s))).toBe('villa-3');
    expect(uniqueSlug('flat', (s) => taken.has(s))).toBe('flat');
    expect(uniqueSlug('', () => false)).toBe('item');
  });
});
