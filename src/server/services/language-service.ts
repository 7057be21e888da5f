import type { Database } from '../db/client.ts';
import { mergeStrings, shippedLanguages } from '../i18n/shipped.ts';
import { createTranslator, type LanguagePack, type Strings, type Translator } from '../i18n/translator.ts';
import { listActiveLanguages } from '../repositories/language-repository.ts';

export interface LanguageSummary {
  code: string;
  name: string;
  nativeName: string;
  isRtl: boolean;
  isDefault: boolean;
}

export interface LanguageCatalog {
  languages: LanguageSummary[];
  defaultCode: string;
  has(code: string): boolean;
  strings(code: string): Strings;
  translator(code: string): Translator;
}

// Languages change only through the admin console; a short cache keeps every server in step within seconds.
const CACHE_MS = 30_000;
const cache = new WeakMap<Database, { expires: number; catalog: Promise<LanguageCatalog> }>();

export function languageCatalog(db: Database): Promise<LanguageCatalog> {
  const hit = cache.get(db);
  if (hit && hit.expires > Date.now()) return hit.catalog;
  const catalog = buildCatalog(db);
  cache.set(db, { expires: Date.now() + CACHE_MS, catalog });
  catalog.catch(() => cache.delete(db));
  return catalog;
}

export function invalidateLanguageCatalog(db: Database): void {
  cache.delete(db);
}

async function buildCatalog(db: Database): Promise<LanguageCatalog> {
  const rows = await listActiveLanguages(db);
  const packs = new Map<string, LanguagePack>(
    rows.map((row) => [
      row.code,
      {
        code: row.code,
        isRtl: row.isRtl,
        // A language shipped without a file of its own starts from English, so keys its upload leaves out still read.
        strings: mergeStrings((shippedLanguages[row.code] ?? shippedLanguages['en'])?.strings ?? {}, row.strings),
      },
    ]),
  );
  const fallbackRow = rows.find((row) => row.isDefault) ?? rows[0];
  const fallback: LanguagePack = fallbackRow ? packs.get(fallbackRow.code)! : { code: 'en', isRtl: false, strings: {} };
  const translators = new Map<string, Translator>();
  return {
    languages: rows.map((row) => ({
      code: row.code,
      name: row.name,
      nativeName: row.nativeName,
      isRtl: row.isRtl,
      isDefault: row.isDefault,
    })),
    defaultCode: fallback.code,
    has: (code) => packs.has(code),
    strings: (code) => (packs.get(code) ?? fallback).strings,
    translator(code) {
      const pack = packs.get(code) ?? fallback;
      let t = translators.get(pack.code);
      if (!t) {
        t = createTranslator(pack, fallback);
        translators.set(pack.code, t);
      }
      return t;
    },
  };
}
