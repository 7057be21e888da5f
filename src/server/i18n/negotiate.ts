/**
 * Chooses the language of a request: an explicit ?lang= choice, then the remembered cookie, then the
 * browser's Accept-Language, then the site default.
 */
export function negotiateLanguage(
  input: {
    query?: string | null | undefined;
    cookie?: string | null | undefined;
    acceptLanguage?: string | null | undefined;
  },
  available: readonly string[],
  fallback: string,
): string {
  const pick = (code: string | null | undefined) => {
    if (!code) return undefined;
    const lower = code.toLowerCase();
    return (
      available.find((a) => a.toLowerCase() === lower) ?? available.find((a) => a.toLowerCase() === lower.split('-')[0])
    );
  };
  const explicit = pick(input.query) ?? pick(input.cookie);
  if (explicit) return explicit;
  for (const { tag } of parseAcceptLanguage(input.acceptLanguage ?? '')) {
    const match = pick(tag);
    if (match) return match;
  }
  return fallback;
}

function parseAcceptLanguage(header: string): { tag: string; q: number }[] {
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q);
}
