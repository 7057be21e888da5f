import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createTranslate, type Resources, type TranslateFn } from '../lib/i18n/translate.ts';

/** What a page passes an island: its language, direction and the strings the island uses. */
export interface IslandI18n {
  lang: string;
  dir: 'ltr' | 'rtl';
  strings: Resources;
}

const TranslateContext = createContext<{ t: TranslateFn; lang: string; dir: 'ltr' | 'rtl' }>({
  t: (key) => key,
  lang: 'en',
  dir: 'ltr',
});

export function IslandI18nProvider({ i18n, children }: { i18n: IslandI18n; children: ReactNode }) {
  const value = useMemo(
    () => ({ t: createTranslate(i18n.lang, i18n.strings), lang: i18n.lang, dir: i18n.dir }),
    [i18n],
  );
  return <TranslateContext.Provider value={value}>{children}</TranslateContext.Provider>;
}

export function useTranslation() {
  return useContext(TranslateContext);
}
