/**
 * The spec's slug rule: lowercase, characters other than letters and digits removed, spaces become hyphens,
 * repeated hyphens collapsed. Letters and digits of every script count (Arabic titles keep readable slugs);
 * accents on Latin letters are dropped (são -> sao), since other scripts need their marks.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s-]/gu, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** `base`, or `base-2`, `base-3`, ... whichever is not taken yet. */
export function uniqueSlug(base: string, isTaken: (candidate: string) => boolean): string {
  const root = base || 'item';
  if (!isTaken(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root}-${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}
