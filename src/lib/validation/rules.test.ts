import { describe, expect, it } from 'vitest';
import { validationMessages as m } from './messages.ts';
import {
  checkPhoto,
  contactSchema,
  dropEmpty,
  dropEmptyParameters,
  isProfileComplete,
  locationSchema,
  metaFieldsSchema,
  phoneSchema,
  registerSchema,
} from './rules.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('registerSchema', () => {
  const valid = {
    name: 'Ann',
    email: ' Ann@Example.com ',
    mobile: '+1 (555) 010-0100',
    password: 'secret',
    re_password: 'secret',
  };

  it('accepts a valid registration and normalises email and phone', () => {
    const parsed = registerSchema.parse(valid);
    expect(parsed.email).toBe('ann@example.com');
    expect(parsed.mobile).toBe('+15550100100');
  });

  it('needs a password of at least 6 characters equal to its confirmation', () => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, password: '12345', re_password: '12345' }))).toEqual({
      password: m.passwordMin,
    });
    expect(messagesOf(registerSchema.safeParse({ ...valid, re_password: 'secreT' }))).toEqual({
      re_password: m.passwordMismatch,
    });
  });

  it('requires every field and a valid email', () => {
    const errors = messagesOf(registerSchema.safeParse({ email: 'nope', mobile: 'abc' }));
    expect(errors).toMatchObject({ name: m.required, email: m.email, mobile: m.phone, password: m.required });
  });
});

describe('phoneSchema', () => {
  it('accepts 7 to 15 digits', () => {
    expect(phoneSchema.safeParse('1234567').success).toBe(true);
    expect(phoneSchema.safeParse('123456').success).toBe(false);
    expect(phoneSchema.safeParse('+1234567890123456').success).toBe(false);
  });
});

describe('metaFieldsSchema', () => {
  it('limits the title to 60, the description to 50-160 and keywords to 10 phrases', () => {
    expect(
      metaFieldsSchema.safeParse({
        meta_title: 'x'.repeat(60),
        meta_description: 'y'.repeat(50),
        meta_keywords: 'a,b,c',
      }).success,
    ).toBe(true);
    expect(messagesOf(metaFieldsSchema.safeParse({ meta_title: 'x'.repeat(61) }))).toEqual({
      meta_title: m.metaTitleMax,
    });
    expect(messagesOf(metaFieldsSchema.safeParse({ meta_description: 'short' }))).toEqual({
      meta_description: m.metaDescriptionLength,
    });
    expect(messagesOf(metaFieldsSchema.safeParse({ meta_description: 'z'.repeat(161) }))).toEqual({
      meta_description: m.metaDescriptionLength,
    });
    expect(
      messagesOf(
        metaFieldsSchema.safeParse({ meta_keywords: Array.from({ length: 11 }, (_, i) => `k${i}`).join(',') }),
      ),
    ).toEqual({
      meta_keywords: m.metaKeywordsMax,
    });
  });
});

describe('locationSchema', () => {
  it('needs city, state, country and formatted address', () => {
    const errors = messagesOf(
      locationSchema.safeParse({ city: 'Lisbon', state: '', country: 'Portugal', latitude: 38.7, longitude: -9.1 }),
    );
    expect(errors).toEqual({ state: m.locationIncomplete, formatted_address: m.locationIncomplete });
    expect(
      messagesOf(
        locationSchema.safeParse({
          city: 'a',
          state: 'b',
          country: 'c',
          formatted_address: 'd',
          latitude: 91,
          longitude: 0,
        }),
      ),
    ).toEqual({
      latitude: m.latitude,
    });
  });
});

describe('contactSchema', () => {
  it('requires every field', () => {
    const errors = messagesOf(contactSchema.safeParse({ first_name: ' ', email: 'a@b.co' }));
    expect(Object.keys(errors).sort()).toEqual(['first_name', 'last_name', 'message', 'subject']);
  });
});

describe('isProfileComplete', () => {
  const full = { name: 'Ann', email: 'a@b.co', mobile: '+1555', profileImage: { key: 'k' }, address: '1 Road' };
  it('needs name, email, mobile, photo and address', () => {
    expect(isProfileComplete(full)).toBe(true);
    for (const field of Object.keys(full)) expect(isProfileComplete({ ...full, [field]: null })).toBe(false);
    expect(isProfileComplete({ ...full, address: '  ' })).toBe(false);
  });
});

describe('checkPhoto', () => {
  it('accepts JPEG or PNG of at least 120x120', () => {
    expect(checkPhoto({ contentType: 'image/png', width: 120, height: 120 })).toBeNull();
    expect(checkPhoto({ contentType: 'image/webp', width: 500, height: 500 })).toBe(m.imageType);
    expect(checkPhoto({ contentType: 'image/jpeg', width: 119, height: 500 })).toBe(m.imageTooSmall);
  });
});

describe('empty fields', () => {
  it('drops empty optional fields and empty parameters', () => {
    expect(dropEmpty({ a: 'x', b: '', c: null, d: undefined, e: [], f: 0, g: false })).toEqual({
      a: 'x',
      f: 0,
      g: false,
    });
    expect(
      dropEmptyParameters([
        { parameter_id: 1, value: '3' },
        { parameter_id: 2, value: '' },
        { parameter_id: 3, value: [] },
      ]),
    ).toEqual([{ parameter_id: 1, value: '3' }]);
  });
});
