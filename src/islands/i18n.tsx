import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createTranslate, type Resources, type TranslateFn } from '../lib/i18n/translate.ts';

/** What a page passes an island: its language, direction and the strings the island uses (nested, `ns.key`). */
export interface IslandI18n {
  lang: string;
  dir: 'ltr' | 'rtl';
  strings: Resources;
}

export interface IslandTranslation {
  t: TranslateFn;
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The react-i18next shape, so code written against `useTranslation()` there reads the same here. */
  i18n: { language: string; dir: () => 'ltr' | 'rtl' };
}

const translationFor = (lang: string, dir: 'ltr' | 'rtl', t: TranslateFn): IslandTranslation => ({
  t,
  lang,
  dir,
  i18n: { language: lang, dir: () => dir },
});

// Outside a provider keys show as themselves: visible in development, never a crash.
const TranslateContext = createContext<IslandTranslation>(translationFor('en', 'ltr', (key) => key));

/**
 * Gives an island's components `useTranslation()` over the strings its page passed. Synchronous, with no
 * loading over HTTP: the strings arrive with the page. Not i18next itself (docs/decisions/004): it would cost
 * about 16 KB gzipped on pages whose budget is 80 KB; `createTranslate` reads the same resource format
 * (dotted keys, `{{name}}`, plural suffixes). React escapes the output, so nothing is HTML-escaped here.
 */
export function IslandI18nProvider({ i18n, children }: { i18n: IslandI18n; children: ReactNode }) {
  const { lang, dir, strings } = i18n;
  const value = useMemo(() => translationFor(lang, dir, createTranslate(lang, strings)), [lang, dir, strings]);
  return <TranslateContext.Provider value={value}>{children}</TranslateContext.Provider>;
}

export function useTranslation(): IslandTranslation {
  return useContext(TranslateContext);
}
