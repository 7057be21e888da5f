import { describe, expect, it } from 'vitest';
import { dropEmpty, dropEmptyParameters, isEmptyValue } from './form-data.ts';

describe('isEmptyValue', () => {
  it('counts missing, blank, NaN, empty lists and empty files as empty', () => {
    for (const v of [undefined, null, '', '  ', Number.NaN, [], new Blob([])]) expect(isEmptyValue(v)).toBe(true);
  });

  it('counts 0, false, text, lists, files and objects as values', () => {
    for (const v of [0, false, 'x', [0], new Blob(['x']), {}]) expect(isEmptyValue(v)).toBe(false);
  });
});

describe('dropEmpty', () => {
  it('leaves empty optional fields out', () => {
    expect(dropEmpty({ a: 'x', b: '', c: null, d: undefined, e: [], f: 0, g: false, h: ' ' })).toEqual({
      a: 'x',
      f: 0,
      g: false,
    });
  });

  it('does not change its input', () => {
    const values = { a: 'x', b: '' };
    dropEmpty(values);
    expect(values).toEqual({ a: 'x', b: '' });
  });

  it('sends meta_image empty on update when no file is given', () => {
    const update: { title: string; meta_image?: Blob } = { title: 'Villa' };
    expect(dropEmpty(update, { keepEmpty: ['meta_image'] })).toEqual({ title: 'Villa', meta_image: '' });
    const file = new Blob(['x']);
    expect(dropEmpty({ title: 'Villa', meta_image: file }, { keepEmpty: ['meta_image'] })).toEqual({
      title: 'Villa',
      meta_image: file,
    });
    expect(dropEmpty({ meta_image: undefined }, { keepEmpty: ['meta_image'] })).toEqual({ meta_image: '' });
  });
});

describe('dropEmptyParameters', () => {
  it('drops parameters without a value', () => {
    expect(
      dropEmptyParameters([
        { parameter_id: 1, value: '3' },
        { parameter_id: 2, value: '' },
        { parameter_id: 3, value: [] },
        { parameter_id: 4, value: null },
        { parameter_id: 5 },
        { parameter_id: 6, value: 0 },
        { parameter_id: 7, value: ['Covered'] },
      ]),
    ).toEqual([
      { parameter_id: 1, value: '3' },
      { parameter_id: 6, value: 0 },
      { parameter_id: 7, value: ['Covered'] },
    ]);
  });
});
