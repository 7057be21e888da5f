/**
 * A text without case or accents, as the database's fold_text (migration 0028) makes it: the search documents and
 * place keys hold words folded this way, so words typed by a visitor can be compared with them in memory.
 */
const MARKS = /[\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
const LETTERS: Record<string, string> = Object.fromEntries(
  [...'øØđĐłŁħĦıðÐþÞŧŦẞÆŒةى'].map((letter, i) => [letter, [...'ooddllhhiddttttßæœهي'][i]!]),
);
const PAIRS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe' };

export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(/[øØđĐłŁħĦıðÐþÞŧŦẞÆŒةى]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/[ßæœ]/g, (letter) => PAIRS[letter] ?? letter);
}

/** The folded words of a text (letters and digits), in order. */
export const foldedWords = (text: string) =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * How many single-letter edits (insert, delete, replace, or swap two neighbours) turn `a` into `b`, or `limit + 1`
 * as soon as it is sure to be more than `limit`.
 */
export function editDistance(a: string, b: string, limit = 2): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previous = before;
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length]!, limit + 1);
}
