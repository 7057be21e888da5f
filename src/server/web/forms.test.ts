import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import en from '../i18n/locales/en.json' with { type: 'json' };
import { createTranslator, type LanguagePack } from '../i18n/translator.ts';
import { chosenFiles, failedPost, formProblem } from './forms.ts';

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

describe('chosenFiles', () => {
  it('names the files a post carried by their input, several for a multiple input, none for an empty one', () => {
    const form = new FormData();
    form.set('title', 'Flat');
    form.append('title_image', new File(['x'], 'front.jpg', { type: 'image/jpeg' }));
    form.append('gallery_images[]', new File(['x'], 'a.jpg'));
    form.append('gallery_images[]', new File(['y'], 'b.jpg'));
    // What a browser sends for a file input left empty.
    form.append('meta_image', new File([], ''));
    expect(chosenFiles(form)).toEqual({ title_image: ['front.jpg'], 'gallery_images[]': ['a.jpg', 'b.jpg'] });
  });

  it('travel with the failed post, for the form to ask for them again', () => {
    const response = { status: 200, headers: new Headers() };
    const error = AppError.validation({ price: ['errors.validation'] });
    expect(failedPost(response, error, t, { title_image: ['front.jpg'] }).chosen).toEqual({
      title_image: ['front.jpg'],
    });
    expect(response.status).toBe(422);
    expect(failedPost(response, error, t, {})).not.toHaveProperty('chosen');
    expect(failedPost(response, error, t)).not.toHaveProperty('chosen');
  });
});
