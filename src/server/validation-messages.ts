import { z } from 'zod';

/** Values for a message's placeholders, carried in the field message after its key. */
export type MessageValues = Record<string, string | number>;

/**
 * A translation key and the values of its placeholders as one field message (`validation.min_number {"min":1}`),
 * so field errors stay plain strings until the translator reads them (src/server/i18n/translator.ts).
 */
export function keyWithValues(key: string, values?: MessageValues): string {
  return values ? `${key} ${JSON.stringify(values)}` : key;
}

const SIZED = new Set(['string', 'array', 'set', 'file']);
const list = (values: readonly unknown[]) => values.map(String).join(', ');
const bound = (value: number | bigint) => (typeof value === 'bigint' ? value.toString() : value);

/**
 * zod's own messages ("Too small: expected number to be >=1", "Invalid input: expected number, received NaN") as the
 * translation keys users read. zod asks this only for checks that set no message of their own, so every schema's
 * chosen message still wins.
 */
export function zodIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return 'validation.required';
      if (issue.expected === 'int') return 'validation.whole_number';
      if (issue.expected === 'number' || issue.expected === 'bigint') return 'validation.number';
      if (issue.expected === 'boolean') return 'validation.yes_or_no';
      if (issue.expected === 'date') return 'validation.date';
      if (issue.expected === 'string') return 'validation.text';
      return 'validation.invalid';
    case 'too_small': {
      if (SIZED.has(issue.origin)) {
        if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'validation.required';
        const key = issue.origin === 'string' ? 'validation.min_length' : 'validation.min_items';
        return keyWithValues(key, { min: bound(issue.minimum) });
      }
      const key = issue.inclusive === false ? 'validation.above_number' : 'validation.min_number';
      return keyWithValues(key, { min: bound(issue.minimum) });
    }
    case 'too_big': {
      if (SIZED.has(issue.origin)) {
        const key = issue.origin === 'string' ? 'validation.max_length' : 'validation.max_items';
        return keyWithValues(key, { max: bound(issue.maximum) });
      }
      const key = issue.inclusive === false ? 'validation.below_number' : 'validation.max_number';
      return keyWithValues(key, { max: bound(issue.maximum) });
    }
    case 'invalid_value':
      return keyWithValues('validation.one_of', { values: list(issue.values) });
    case 'invalid_union':
      return 'options' in issue && Array.isArray(issue.options) && issue.options.length > 0
        ? keyWithValues('validation.one_of', { values: list(issue.options) })
        : 'validation.invalid';
    case 'invalid_format':
      if (issue.format === 'email') return 'validation.email';
      if (issue.format === 'url') return 'validation.url';
      return 'validation.format';
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? 'validation.whole_number' : 'validation.invalid';
    case 'unrecognized_keys':
      return keyWithValues('validation.unknown_fields', { fields: list(issue.keys) });
    default:
      return 'validation.invalid';
  }
}

// Once per process, before any input is checked: this module is loaded with the one error type (errors.ts).
z.config({ customError: zodIssueMessage });
