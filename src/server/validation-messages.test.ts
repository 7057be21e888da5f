import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFromZod } from './errors.ts';
import arabicStrings from './i18n/locales/ar.json' with { type: 'json' };
import englishStrings from './i18n/locales/en.json' with { type: 'json' };
import { createTranslator, translateFieldMessages } from './i18n/translator.ts';

const english = { code: 'en', isRtl: false, strings: englishStrings };
const arabic = { code: 'ar', isRtl: true, strings: arabicStrings };

/** What a user reads for `input` checked by `schema`, in `pack`'s language, field by field. */
function messages(schema: z.ZodType, input: unknown, pack = english) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return translateFieldMessages(fieldErrorsFromZod(result.error), createTranslator(pack, english));
}

describe("zod's own messages, as users read them", () => {
  it('say what to enter, in words and with the limits, instead of zod\'s "Too small: expected …"', () => {
    const schema = z.object({
      limit: z.coerce.number().int().min(1).max(100),
      offset: z.coerce.number().int().min(0),
      price: z.number().positive(),
      password: z.string().min(1),
      token: z.string().min(20),
      note: z.string().max(5),
      kind: z.enum(['sell', 'rent']),
      login: z.discriminatedUnion('type', [
        z.object({ type: z.literal('email') }),
        z.object({ type: z.literal('phone') }),
      ]),
      site: z.url(),
      tags: z.array(z.string()).max(1),
    });
    expect(
      messages(schema, {
        limit: 'abc',
        offset: '-5',
        price: 0,
        password: '',
        token: 'short',
        note: 'far too long',
        kind: 'swap',
        login: { type: 'pigeon' },
        site: 'not a url',
        tags: ['a', 'b'],
      }),
    ).toEqual({
      limit: ['Enter a number.'],
      offset: ['Enter 0 or more.'],
      price: ['Enter a number above 0.'],
      password: ['This field is required.'],
      token: ['Use at least 20 characters.'],
      note: ['Use at most 5 characters.'],
      kind: ['Choose one of: sell, rent.'],
      'login.type': ['Choose one of: email, phone.'],
      site: ['Enter a web address starting with http:// or https://.'],
      tags: ['Choose at most 1.'],
    });
    expect(messages(schema.pick({ limit: true }), { limit: 1000 })).toEqual({ limit: ['Enter 100 or less.'] });
    expect(messages(schema.pick({ limit: true }), { limit: 1.5 })).toEqual({ limit: ['Enter a whole number.'] });
  });

  it('ask for a missing field, and name fields a strict object does not take', () => {
    const schema = z.strictObject({ name: z.string(), age: z.number() });
    expect(messages(schema, { role: 'admin' })).toEqual({
      name: ['This field is required.'],
      age: ['This field is required.'],
      _: ['Leave out the fields this call does not take: role.'],
    });
  });

  it('leave a message a schema chose itself as it is', () => {
    const schema = z.object({ price: z.number({ error: 'validation.price' }).positive('validation.price') });
    expect(messages(schema, { price: -1 })).toEqual({ price: ['Enter a price above zero.'] });
  });

  it("come in the visitor's language, and each once per field", () => {
    const schema = z.object({ limit: z.coerce.number().int().min(1).max(100) });
    expect(messages(schema, { limit: '0' }, arabic)).toEqual({ limit: ['أدخل 1 أو أكثر.'] });
    // Two checks failing with the same words (a number too large for two bounds) are read once.
    const twice = z.object({ offset: z.coerce.number().max(1000).max(1000) });
    expect(messages(twice, { offset: '99999999999999999999' })).toEqual({ offset: ['Enter 1000 or less.'] });
  });
});
