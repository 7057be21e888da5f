import ar from './locales/ar.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import type { Strings } from './translator.ts';

/**
 * The language files shipped with the code. Stored language strings (admin uploads) are laid over these, so a
 * release's new keys appear at once while an admin's wording wins where both exist.
 */
export const shippedLanguages: Record<string, { name: string; nativeName: string; isRtl: boolean; strings: Strings }> =
  {
    en: { name: 'English', nativeName: 'English', isRtl: false, strings: en },
    ar: { name: 'Arabic', nativeName: 'العربية', isRtl: true, strings: ar },
  };

export function mergeStrings(base: Strings, override: Strings): Strings {
  const out: Strings = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? mergeStrings(current, value) : value;
  }
  return out;
}

function isPlainObject(value: unknown): value is Strings {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
