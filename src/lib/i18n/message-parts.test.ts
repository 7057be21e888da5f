import { describe, expect, it } from 'vitest';
import { messageParts } from './message-parts.ts';
import { createTranslate } from './translate.ts';

describe('messageParts', () => {
  const t = createTranslate('en', {
    period: '{{start}} to {{end}}',
    arabic: 'من {{start}} إلى {{end}}',
    reversed: 'until {{end}}, since {{start}}',
  });

  it('cuts a sentence where its values stand, keeping its words', () => {
    expect(messageParts(t, 'period', ['start', 'end'])).toEqual([
      { value: 'start' },
      { text: ' to ' },
      { value: 'end' },
    ]);
    expect(messageParts(t, 'arabic', ['start', 'end'])).toEqual([
      { text: 'من ' },
      { value: 'start' },
      { text: ' إلى ' },
      { value: 'end' },
    ]);
  });

  it('follows the order the language puts the values in', () => {
    expect(messageParts(t, 'reversed', ['start', 'end'])).toEqual([
      { text: 'until ' },
      { value: 'end' },
      { text: ', since ' },
      { value: 'start' },
    ]);
  });

  it('gives a missing key as its text, as the translator does', () => {
    expect(messageParts(t, 'missing', ['start'])).toEqual([{ text: 'missing' }]);
  });
});
