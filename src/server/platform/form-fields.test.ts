import { describe, expect, it } from 'vitest';
import { nestFormEntries } from './form-fields.ts';

describe('nestFormEntries', () => {
  it('builds lists of objects from bracket keys', () => {
    const nested = nestFormEntries([
      ['title', 'Villa'],
      ['parameters[0][parameter_id]', '3'],
      ['parameters[0][value]', '4'],
      ['parameters[1][parameter_id]', '5'],
      ['parameters[1][value][]', 'Garage'],
      ['parameters[1][value][]', 'Open'],
      ['gallery_images[]', 'a'],
      ['gallery_images[]', 'b'],
    ]);
    expect(nested).toEqual({
      title: 'Villa',
      parameters: [
        { parameter_id: '3', value: '4' },
        { parameter_id: '5', value: ['Garage', 'Open'] },
      ],
      gallery_images: ['a', 'b'],
    });
  });

  it('keeps files and ignores malformed keys and huge indexes', () => {
    const file = new File(['x'], 'x.png');
    const nested = nestFormEntries([
      ['floors[0][image]', file],
      ['bad]key', 'x'],
      ['list[999999]', 'boom'],
    ]);
    expect(nested).toEqual({ floors: [{ image: file }] });
  });
});
