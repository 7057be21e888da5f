import { keyWithValues } from './validation-messages.ts';

/**
 * How many levels of lists and objects a client's value may nest: a JSON body, a form's bracketed names, a payment
 * provider's webhook, an uploaded language file. The deepest any of them takes is a form's list of objects
 * (`parameters[0][value]`, three levels) or a language file (four); 32 leaves honest clients room to spare, and
 * refuses the thousands of levels with which a few kilobytes of `[[[[` would overflow the stack of a recursive walk
 * of the value (and megabytes of them hold the server's thread for seconds in JSON.parse alone).
 */
export const MAX_INPUT_DEPTH = 32;

/** The message of a value nested too deeply, naming the limit. */
export const TOO_DEEP = keyWithValues('errors.too_deep', { max: MAX_INPUT_DEPTH });

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENING = new Set([0x5b, 0x7b]); // [ {
const CLOSING = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether JSON text nests lists and objects more than `limit` levels deep, read from the text before it is parsed
 * (one pass, brackets inside strings aside): what is too deep is never built.
 */
export function jsonNestsTooDeep(text: string, limit = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (OPENING.has(code)) {
      if (++depth > limit) return true;
    } else if (CLOSING.has(code)) depth--;
  }
  return false;
}
