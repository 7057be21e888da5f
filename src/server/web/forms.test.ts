import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import en from '../i18n/locales/en.json' with { type: 'json' };
import { createTranslator, type LanguagePack } from '../i18n/translator.ts';
import { chosenFiles, failedPost, formProblem, safeNext } from './forms.ts';

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

describe('safeNext', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeNext('/user/properties?add=1#new')).toBe('/user/properties?add=1#new');
    expect(safeNext('/subscription-plan')).toBe('/subscription-plan');
  });

  it('refuses anything a browser would resolve to another site or run, falling back', () => {
    // Browsers drop tab, CR and LF from a URL and read a backslash as a slash: each of these leaves the site.
    const offSite = [
      '/\t/evil.example',
      '/\t\\evil.example',
      '/\r/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '\t//evil.example',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
    ];
    for (const next of offSite) expect(safeNext(next), JSON.stringify(next)).toBe('/');
    expect(safeNext('//evil.example', '')).toBe('');
    for (const next of [null, undefined, '']) expect(safeNext(next)).toBe('/');
  });

  it('never hands back a control character a redirect header cannot carry', () => {
    expect(safeNext('/a\r\nSet-Cookie: x=1')).toBe('/aSet-Cookie:%20x=1');
    expect(safeNext('/a\nb')).toBe('/ab');
    expect(safeNext('/a\u0000b')).toBe('/a%00b');
    expect(() => new Headers({ location: safeNext('/a\r\n\tb') })).not.toThrow();
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
