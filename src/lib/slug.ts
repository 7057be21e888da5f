/**
 * The spec's slug rule: lowercase, characters other than letters and digits removed, spaces become hyphens,
 * repeated hyphens collapsed, no hyphen at either end.
 *
 * "Letters and digits" means Unicode \p{L} and \p{N}, not just a-z0-9, so Arabic, Devanagari or CJK titles keep
 * readable slugs instead of collapsing to nothing. Combining marks (\p{M}) stay too: Devanagari and Arabic words
 * are spelt with them. Only on Latin letters are marks dropped (São -> sao), since there the bare letter still
 * reads right and matches what people type.
 */
export function slugify(text: string): string {
  return (
    text
      // Lowercase first: 'İ' lowercases to 'i' plus a combining dot, which the next step then drops.
      .toLowerCase()
      .normalize('NFKD')
      .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
      .normalize('NFC')
      .replace(/[^\p{L}\p{M}\p{N}\s-]/gu, '')
      .replace(/[\s-]+/gu, '-')
      .replace(/^-+|-+$/g, '')
  );
}

/** Used when a title leaves nothing behind (all symbols), so a record still gets a usable slug. */
export const FALLBACK_SLUG = 'item';

/** `base`, or `base-2`, `base-3`, ... whichever is not taken yet. */
export function uniqueSlug(base: string, taken: ReadonlySet<string> | ((candidate: string) => boolean)): string {
  const isTaken = typeof taken === 'function' ? taken : (candidate: string) => taken.has(candidate);
  const root = base || FALLBACK_SLUG;
  if (!isTaken(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root}-${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}

/** `uniqueSlug` against an asynchronous check (a database lookup): the first of base, base-2, ... not taken. */
export async function claimUniqueSlug(base: string, isTaken: (candidate: string) => Promise<boolean>): Promise<string> {
  const root = base || FALLBACK_SLUG;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? root : `${root}-${n}`;
    if (!(await isTaken(candidate))) return candidate;
  }
}
