import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import en from '../i18n/locales/en.json' with { type: 'json' };
import { createTranslator, type LanguagePack } from '../i18n/translator.ts';
import { formProblem } from './forms.ts';

const english: LanguagePack = { code: 'en', isRtl: false, strings: en };
const t = createTranslator(english, english);

describe('formProblem', () => {
  it('translates a service error and its fields', () => {
    const problem = formProblem(AppError.validation({ email: ['errors.validation'] }), t);
    expect(problem).toMatchObject({ status: 422, fields: { email: en.errors.validation } });
  });

  it('asks to try again when the database ended the transaction for a concurrent one', () => {
    const deadlock = new Error('Failed query', {
      cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
    });
    expect(formProblem(deadlock, t)).toEqual({
      message: en.errors.busy,
      fields: {},
      status: 503,
      retryAfterSeconds: 1,
    });
  });

  it('rethrows what is neither, a real fault for the error page', () => {
    const fault = new Error('Failed query', { cause: Object.assign(new Error('bad'), { code: '23514' }) });
    expect(() => formProblem(fault, t)).toThrow(fault);
    expect(formProblem(new z.ZodError([]), t).status).toBe(422);
  });
});
