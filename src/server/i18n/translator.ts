import i18next, { type TOptions } from 'i18next';
import type { MessageValues } from '../validation-messages.ts';

export type Strings = Record<string, unknown>;
export type Translator = ((key: string, options?: TOptions) => string) & { lang: string; dir: 'ltr' | 'rtl' };

export interface LanguagePack {
  code: string;
  isRtl: boolean;
  strings: Strings;
}

/**
 * A translator for one language with the default language as fallback. Instances are cached by the caller
 * per language version, so a request costs nothing beyond the lookup.
 */
export function createTranslator(pack: LanguagePack, fallback: LanguagePack): Translator {
  const instance = i18next.createInstance();
  void instance.init({
    lng: pack.code,
    fallbackLng: fallback.code,
    resources: {
      [pack.code]: { translation: pack.strings },
      ...(fallback.code === pack.code ? {} : { [fallback.code]: { translation: fallback.strings } }),
    },
    initAsync: false,
    returnNull: false,
    // Astro and React escape on output; escaping here would double-escape.
    interpolation: { escapeValue: false },
  });
  // A page asks for the same plain strings hundreds of times (every card's labels), and i18next resolves each
  // through its fallback chain: a string found once is kept. Only keys the packs hold are kept, so no input can grow
  // the map past the packs' size; translators are rebuilt with the language catalogue (language-service.ts).
  const plain = new Map<string, string>();
  const t = ((key: string, options?: TOptions) => {
    if (options) return instance.t(key, options) as string;
    let text = plain.get(key);
    if (text === undefined) {
      text = instance.t(key) as string;
      if (instance.exists(key)) plain.set(key, text);
    }
    return text;
  }) as Translator;
  t.lang = pack.code;
  t.dir = pack.isRtl ? 'rtl' : 'ltr';
  return t;
}

/** Picks a subset of nested strings (e.g. the namespaces an island uses) to pass as island props. */
export function pickStrings(strings: Strings, namespaces: readonly string[]): Strings {
  const picked: Strings = {};
  for (const ns of namespaces) if (ns in strings) picked[ns] = strings[ns];
  return picked;
}

/** A translation key, and the JSON of its placeholders' values when it has some (validation-messages.ts). */
const KEY = /^([a-z_]+\.[a-z0-9_.]+)(?: (\{.*\}))?$/;

type Translate = (key: string, values?: MessageValues) => string;

/** Messages may be translation keys ("validation.required") or finished sentences: translate the keys. */
export function translateMessage(t: Translate, text: string): string {
  const match = KEY.exec(text);
  if (!match) return text;
  const [, key, values] = match;
  if (!values) return t(key!);
  try {
    return t(key!, JSON.parse(values) as MessageValues);
  } catch {
    return t(key!);
  }
}

export function translateFieldMessages(fields: Record<string, string[]>, t: Translate): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [field, messages.map((m) => translateMessage(t, m))]),
  );
}
