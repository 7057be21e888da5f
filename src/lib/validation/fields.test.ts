import { describe, expect, it } from 'vitest';
import { emailSchema, isWebAddress, otpSchema, passwordSchema, phoneSchema, requiredText } from './fields.ts';
import { validationMessages as m } from './messages.ts';
import { messagesOf } from './test-helpers.ts';

describe('requiredText', () => {
  it('trims and requires something', () => {
    expect(requiredText.parse('  Villa ')).toBe('Villa');
    expect(messagesOf(requiredText.safeParse('   '))).toEqual({ '': [m.required] });
    expect(messagesOf(requiredText.safeParse(undefined))).toEqual({ '': [m.required] });
  });
});

describe('emailSchema', () => {
  it('trims, lower-cases and checks the format', () => {
    expect(emailSchema.parse(' Ann@Example.COM ')).toBe('ann@example.com');
    expect(messagesOf(emailSchema.safeParse('ann@'))).toEqual({ '': [m.email] });
    expect(messagesOf(emailSchema.safeParse('a b@c.co'))).toEqual({ '': [m.email] });
  });

  it('reports a blank email as required, not malformed', () => {
    expect(messagesOf(emailSchema.safeParse(' '))).toEqual({ '': [m.required] });
    expect(messagesOf(emailSchema.safeParse(null))).toEqual({ '': [m.required] });
  });
});

describe('phoneSchema', () => {
  it('accepts 7 to 15 digits with an optional +', () => {
    expect(phoneSchema.parse('1234567')).toBe('1234567');
    expect(phoneSchema.parse('+123456789012345')).toBe('+123456789012345');
    expect(messagesOf(phoneSchema.safeParse('123456'))).toEqual({ '': [m.phone] });
    expect(messagesOf(phoneSchema.safeParse('+1234567890123456'))).toEqual({ '': [m.phone] });
  });

  it('allows spaces, dashes, dots and brackets, then removes them', () => {
    expect(phoneSchema.parse('+1 (555) 010-0100')).toBe('+15550100100');
    expect(phoneSchema.parse(' 98765 43210 ')).toBe('9876543210');
    expect(phoneSchema.parse('030.1234.5678')).toBe('03012345678');
  });

  it('rejects letters and a + anywhere but the start', () => {
    expect(messagesOf(phoneSchema.safeParse('555-CALL-NOW'))).toEqual({ '': [m.phone] });
    expect(phoneSchema.safeParse('12+3456789').success).toBe(false);
    expect(phoneSchema.safeParse('++1234567').success).toBe(false);
  });

  it('reports a blank phone as required', () => {
    expect(messagesOf(phoneSchema.safeParse(''))).toEqual({ '': [m.required] });
  });
});

describe('passwordSchema', () => {
  it('needs at least 6 characters', () => {
    expect(passwordSchema.safeParse('secret').success).toBe(true);
    expect(messagesOf(passwordSchema.safeParse('12345'))).toEqual({ '': [m.passwordMin] });
    expect(messagesOf(passwordSchema.safeParse(''))).toEqual({ '': [m.required] });
  });

  it('keeps spaces, which count', () => {
    expect(passwordSchema.parse(' pass ')).toBe(' pass ');
  });
});

describe('otpSchema', () => {
  it('must be entered', () => {
    expect(otpSchema.parse(' 123456 ')).toBe('123456');
    expect(messagesOf(otpSchema.safeParse(''))).toEqual({ '': [m.otpRequired] });
    expect(messagesOf(otpSchema.safeParse(undefined))).toEqual({ '': [m.otpRequired] });
  });
});

describe('isWebAddress', () => {
  it('takes http and https addresses on a domain name', () => {
    for (const address of ['https://www.facebook.com/me', 'http://x.com/me', 'https://www.youtube.com/@channel'])
      expect(isWebAddress(address), address).toBe(true);
  });

  it('refuses what a page could not safely link to', () => {
    for (const value of ['javascript:alert(1)', 'myChannel', 'ftp://x.com/me', 'https://localhost/me', 'https://', ''])
      expect(isWebAddress(value), value).toBe(false);
  });
});
