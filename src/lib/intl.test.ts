import { describe, expect, it } from 'vitest';
import { dateFormat, numberFormat, pluralRules } from './intl.ts';

describe('Intl formatters', () => {
  it('are built once per language and options, and format as Intl does', () => {
    expect(dateFormat('en', { dateStyle: 'medium' })).toBe(dateFormat('en', { dateStyle: 'medium' }));
    expect(dateFormat('en', { dateStyle: 'medium' })).not.toBe(dateFormat('ar', { dateStyle: 'medium' }));
    expect(dateFormat('en', { dateStyle: 'long' })).not.toBe(dateFormat('en', { dateStyle: 'medium' }));
    expect(dateFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-11-23T12:00:00Z'))).toBe(
      'Nov 23, 2026',
    );
    expect(numberFormat('en', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1,234.6');
    expect(pluralRules('ar')).toBe(pluralRules('ar'));
    expect(pluralRules('ar').select(2)).toBe('two');
  });
});
