/** Limits of the SEO meta fields (spec sections 5 and 9). Lengths are JavaScript string lengths, as zod counts. */
export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MIN = 50;
export const META_DESCRIPTION_MAX = 160;
export const META_KEYWORDS_MAX = 10;

export const ELLIPSIS = '…';

type Segments = (text: string) => string[];

/** User-perceived characters where Intl.Segmenter exists, else code points: either way no surrogate pair splits. */
const segments: Segments =
  typeof Intl.Segmenter === 'function'
    ? (() => {
        const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
        return (text: string) => Array.from(segmenter.segment(text), (s) => s.segment);
      })()
    : (text: string) => Array.from(text);

/**
 * Cuts `text` so the result, ellipsis included, is at most `max` long (string length, the unit zod and the
 * meta limits use), never splitting a character: an emoji, a surrogate pair or a letter with its accent stays
 * whole or goes. Text that already fits is returned unchanged.
 */
export function truncate(text: string, max: number): string {
  const limit = Math.floor(max);
  if (text.length <= limit) return text;
  if (!(limit >= ELLIPSIS.length)) return '';
  const budget = limit - ELLIPSIS.length;
  let kept = '';
  for (const segment of segments(text)) {
    if (kept.length + segment.length > budget) break;
    kept += segment;
  }
  // "Beautiful…" reads better than "Beautiful …".
  return kept.trimEnd() + ELLIPSIS;
}

/** Comma-separated keyword phrases, trimmed, empty ones dropped: " villa, sea view ,," -> ["villa", "sea view"]. */
export function parseKeywords(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}
