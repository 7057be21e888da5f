export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MIN = 50;
export const META_DESCRIPTION_MAX = 160;
export const META_KEYWORDS_MAX = 10;

/** Cuts `text` to at most `max` characters, ending with an ellipsis when cut; never splits a character. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max <= 1) return '…'.slice(0, max);
  return (
    chars
      .slice(0, max - 1)
      .join('')
      .trimEnd() + '…'
  );
}

/** Comma-separated keyword phrases, trimmed, empty ones dropped. */
export function parseKeywords(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}
