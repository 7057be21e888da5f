import { describe, expect, it } from 'vitest';
import { recordId } from './ids.ts';
import { validationMessages as m } from './messages.ts';

const messageOf = (value: unknown, schema = recordId()) => schema.safeParse(value).error?.issues[0]?.message;

describe('recordId', () => {
  it('reads ids from strings and numbers', () => {
    expect(recordId().parse('42')).toBe(42);
    expect(recordId().parse(' 7 ')).toBe(7);
    expect(recordId().parse(2_147_483_647)).toBe(2_147_483_647);
  });

  it('says a missing id is required and a malformed one is not valid', () => {
    for (const missing of [undefined, null, '', '  ']) expect(messageOf(missing)).toBe(m.required);
    for (const malformed of ['abc', '0', '-1', '1.5', '12abc', 0, Number.NaN])
      expect(messageOf(malformed)).toBe(m.invalid);
  });

  it('lets the caller name an id too large to exist', () => {
    expect(messageOf('2147483648', recordId({ tooBig: 'chat.property_not_found' }))).toBe('chat.property_not_found');
    expect(messageOf('2147483648')).toBe(m.invalid);
  });
});
