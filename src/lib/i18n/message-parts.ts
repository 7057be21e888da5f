import type { TranslateFn } from './translate.ts';

/** A piece of a translated sentence: its own words, or the place of one of its values. */
export type MessagePart = { text: string } | { value: string };

// A character no translation holds, around each value's name, so the sentence can be cut where the values stand.
const MARK = '\uE000';
const MARKED = new RegExp(`${MARK}(\\w+)${MARK}`);

/**
 * A translated sentence with markup in place of some of its values ("{{start}} to {{end}}" with a <time> for each):
 * the sentence in pieces, in the order the language puts them, so a page can render each value as an element.
 */
export function messageParts(t: TranslateFn, key: string, values: readonly string[]): MessagePart[] {
  const text = t(key, Object.fromEntries(values.map((name) => [name, `${MARK}${name}${MARK}`])));
  return text
    .split(MARKED)
    .map((piece, i): MessagePart => (i % 2 === 1 ? { value: piece } : { text: piece }))
    .filter((part) => !('text' in part) || part.text !== '');
}
