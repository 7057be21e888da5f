import { describe, expect, it } from 'vitest';
import { validationMessages as m } from './messages.ts';
import { metaFieldsSchema } from './meta.ts';
import { messagesOf } from './test-helpers.ts';

const parse = (value: unknown) => messagesOf(metaFieldsSchema.safeParse(value));

describe('metaFieldsSchema', () => {
  it('accepts values at the limits, and nothing at all', () => {
    expect(
      metaFieldsSchema.safeParse({
        meta_title: 'x'.repeat(60),
        meta_description: 'y'.repeat(50),
        meta_keywords: Array.from({ length: 10 }, (_, i) => `k${i}`).join(','),
      }).success,
    ).toBe(true);
    expect(metaFieldsSchema.safeParse({ meta_description: 'y'.repeat(160) }).success).toBe(true);
    expect(metaFieldsSchema.safeParse({}).success).toBe(true);
    expect(metaFieldsSchema.safeParse({ meta_title: null, meta_description: null, meta_keywords: null }).success).toBe(
      true,
    );
  });

  it('limits the title to 60 characters', () => {
    expect(parse({ meta_title: 'x'.repeat(61) })).toEqual({ meta_title: [m.metaTitleMax] });
    expect(parse({ meta_title: ` ${'x'.repeat(60)} ` })).toEqual({});
  });

  it('wants 50 to 160 characters of description when one is given', () => {
    expect(parse({ meta_description: 'short' })).toEqual({ meta_description: [m.metaDescriptionLength] });
    expect(parse({ meta_description: 'y'.repeat(49) })).toEqual({ meta_description: [m.metaDescriptionLength] });
    expect(parse({ meta_description: 'z'.repeat(161) })).toEqual({ meta_description: [m.metaDescriptionLength] });
    expect(parse({ meta_description: '   ' })).toEqual({});
  });

  it('allows at most 10 comma-separated keyword phrases, empty ones not counted', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `k${i}`).join(',');
    expect(parse({ meta_keywords: eleven })).toEqual({ meta_keywords: [m.metaKeywordsMax] });
    expect(parse({ meta_keywords: `${Array.from({ length: 10 }, (_, i) => `sea view ${i}`).join(', ')},, ,` })).toEqual(
      {},
    );
  });
});
