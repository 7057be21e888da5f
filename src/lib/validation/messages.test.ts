import { describe, expect, it } from 'vitest';
import { validationMessages } from './messages.ts';

describe('validationMessages', () => {
  it('are translation keys of the validation section, each used once', () => {
    const keys = Object.values(validationMessages);
    for (const key of keys) expect(key).toMatch(/^validation\.[a-z0-9_]+$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
