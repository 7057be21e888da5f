import { describe, expect, it } from 'vitest';
import { createTranslate } from './translate.ts';

const en = { shell: { hello: 'Hello {{name}}', items_one: '{{count}} item', items_other: '{{count}} items' } };
const ar = {
  shell: {
    items_zero: 'لا عناصر',
    items_one: 'عنصر واحد',
    items_two: 'عنصران',
    items_few: '{{count}} عناصر',
    items_many: '{{count}} عنصرًا',
    items_other: '{{count}} عنصر',
  },
};

describe('createTranslate', () => {
  it('looks up nested keys and interpolates', () => {
    expect(createTranslate('en', en)('shell.hello', { name: 'Ann' })).toBe('Hello Ann');
  });

  it('chooses plural forms by language', () => {
    const t = createTranslate('en', en);
    expect(t('shell.items', { count: 1 })).toBe('1 item');
    expect(t('shell.items', { count: 5 })).toBe('5 items');
    const tAr = createTranslate('ar', ar);
    expect(tAr('shell.items', { count: 0 })).toBe('لا عناصر');
    expect(tAr('shell.items', { count: 2 })).toBe('عنصران');
    expect(tAr('shell.items', { count: 3 })).toBe('3 عناصر');
    expect(tAr('shell.items', { count: 11 })).toBe('11 عنصرًا');
  });

  it('returns the key when a string is missing, so the gap is visible', () => {
    expect(createTranslate('en', en)('shell.missing')).toBe('shell.missing');
  });
});
