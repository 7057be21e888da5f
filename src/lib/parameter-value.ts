/**
 * A listing parameter's value as people read it: a checkbox's choices joined, yes or no for a switch, the rest as
 * written. `yes` and `no` are the visitor's words for them.
 */
export function parameterText(value: unknown, words: { yes: string; no: string }): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  return String(value);
}
