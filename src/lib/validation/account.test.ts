import { describe, expect, it } from 'vitest';
import { registerFieldsSchema, registerSchema } from './account.ts';
import { validationMessages as m } from './messages.ts';
import { messagesOf } from './test-helpers.ts';

const valid = {
  name: 'Ann',
  email: ' Ann@Example.com ',
  mobile: '+1 (555) 010-0100',
  password: 'secret',
  re_password: 'secret',
};

describe('registerSchema', () => {
  it('accepts a valid registration and normalises email and phone', () => {
    expect(registerSchema.parse(valid)).toEqual({
      ...valid,
      email: 'ann@example.com',
      mobile: '+15550100100',
    });
  });

  it('needs a password of at least 6 characters', () => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, password: '12345', re_password: '12345' }))).toEqual({
      password: [m.passwordMin],
    });
  });

  it('puts a confirmation mismatch on re_password', () => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, re_password: 'secreT' }))).toEqual({
      re_password: [m.passwordMismatch],
    });
    expect(messagesOf(registerSchema.safeParse({ ...valid, re_password: '' }))).toEqual({
      re_password: [m.passwordMismatch],
    });
  });

  it('requires every field', () => {
    expect(messagesOf(registerSchema.safeParse({}))).toEqual({
      name: [m.required],
      email: [m.required],
      mobile: [m.required],
      password: [m.required],
      re_password: [m.required],
    });
  });

  it('checks email and phone formats', () => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, email: 'nope', mobile: 'abc' }))).toEqual({
      email: [m.email],
      mobile: [m.phone],
    });
  });
});

describe('registerFieldsSchema', () => {
  it('can be narrowed, for forms that reuse some fields', () => {
    const login = registerFieldsSchema.pick({ email: true, password: true });
    expect(login.parse({ email: 'A@B.co', password: 'secret' })).toEqual({ email: 'a@b.co', password: 'secret' });
  });
});
