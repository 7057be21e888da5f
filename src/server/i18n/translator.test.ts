import { describe, expect, it } from 'vitest';
import { createTranslator, type LanguagePack } from './translator.ts';

const english: LanguagePack = {
  code: 'en',
  isRtl: false,
  strings: { card: { bedrooms: 'Bedrooms', found: '{{count}} found' }, only: { english: 'Only in English' } },
};
const arabic: LanguagePack = { code: 'ar', isRtl: true, strings: { card: { bedrooms: 'غرف النوم' } } };

describe('createTranslator', () => {
  it('translates, falls back to the default language and says its direction', () => {
    const t = createTranslator(arabic, english);
    expect(t('card.bedrooms')).toBe('غرف النوم');
    expect(t('only.english')).toBe('Only in English');
    expect([t.lang, t.dir]).toEqual(['ar', 'rtl']);
  });

  it('gives the same text on every call, with and without options', () => {
    const t = createTranslator(english, english);
    expect([t('card.bedrooms'), t('card.bedrooms')]).toEqual(['Bedrooms', 'Bedrooms']);
    // Options are applied on every call, never served from what an earlier call kept.
    expect(t('card.found', { count: 2 })).toBe('2 found');
    expect(t('card.found', { count: 5 })).toBe('5 found');
    expect(t('card.found')).toBe('{{count}} found');
  });

  it('answers a key it does not hold with the key, on every call', () => {
    const t = createTranslator(english, english);
    expect(t('card.missing')).toBe('card.missing');
    expect(t('card.missing')).toBe('card.missing');
  });
});
