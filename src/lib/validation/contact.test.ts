import { describe, expect, it } from 'vitest';
import { contactSchema } from './contact.ts';
import { validationMessages as m } from './messages.ts';
import { messagesOf } from './test-helpers.ts';

describe('contactSchema', () => {
  const valid = { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', subject: 'Visit', message: 'Hello' };

  it('accepts a filled form', () => {
    expect(contactSchema.parse({ ...valid, first_name: ' Ann ' })).toEqual(valid);
  });

  it('requires every field', () => {
    expect(messagesOf(contactSchema.safeParse({ first_name: ' ', email: '' }))).toEqual({
      first_name: [m.required],
      last_name: [m.required],
      email: [m.required],
      subject: [m.required],
      message: [m.required],
    });
  });

  it('checks the email', () => {
    expect(messagesOf(contactSchema.safeParse({ ...valid, email: 'ann' }))).toEqual({ email: [m.email] });
  });
});
