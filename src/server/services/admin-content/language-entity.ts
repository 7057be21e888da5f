import { z } from 'zod';
import { languages } from '../../db/schema/index.ts';
import { clearDefaultLanguage, valueTaken } from '../../repositories/admin-content-repository.ts';
import { AppError } from '../../errors.ts';
import { jsonNestsTooDeep, TOO_DEEP } from '../../input-depth.ts';
import { shippedLanguages } from '../../i18n/shipped.ts';
import type { Strings } from '../../i18n/translator.ts';
import { invalidateLanguageCatalog } from '../language-service.ts';
import { activeFlag, defineEntity, flag, LANGUAGE_CODE, name, type SaveContext } from './entity.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const MAX_FILE_BYTES = 2 * 1024 * 1024;

function flatKeys(strings: unknown, prefix = ''): string[] {
  if (typeof strings !== 'object' || strings === null || Array.isArray(strings)) return [prefix];
  return Object.entries(strings).flatMap(([key, value]) => flatKeys(value, prefix ? `${prefix}.${key}` : key));
}

const englishKeys = new Set(flatKeys(shippedLanguages['en']!.strings));
const englishPlurals = new Set([...englishKeys].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
/** A key English has, or another plural form of one (Arabic needs _zero, _two, _few, _many). */
const knownKey = (key: string) => englishKeys.has(key) || englishPlurals.has(key.replace(PLURAL, ''));

/**
 * An uploaded language file: JSON shaped like en.json, every value text. Keys English does not have are refused
 * with their list (a typo would otherwise never show); keys it leaves out fall back to the default language.
 */
export async function readLanguageFile(file: File): Promise<Strings> {
  if (file.size > MAX_FILE_BYTES) throw AppError.validation({ strings: ['validation.file_too_large'] });
  const text = await file.text();
  // flatKeys and leaf below walk it by recursion.
  if (jsonNestsTooDeep(text)) throw AppError.validation({ strings: [TOO_DEEP] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw AppError.validation({ strings: ['admin.languages.not_json'] });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw AppError.validation({ strings: ['admin.languages.not_json'] });
  const keys = flatKeys(parsed);
  const unknown = keys.filter((key) => !knownKey(key));
  if (unknown.length)
    throw AppError.validation({
      strings: ['admin.languages.unknown_keys'],
      unknown_keys: [unknown.slice(0, 200).join(', ')],
    });
  const leaf = (value: unknown): boolean =>
    typeof value === 'string' ||
    (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(leaf));
  if (!leaf(parsed)) throw AppError.validation({ strings: ['admin.languages.not_text'] });
  return parsed as Strings;
}

async function defaultChange(ctx: SaveContext, isDefault: boolean, isActive: boolean) {
  if (isDefault && !isActive) throw AppError.validation({ is_active: ['admin.languages.default_active'] });
  if (ctx.current?.['isDefault'] && !isDefault)
    throw AppError.validation({ is_default: ['admin.languages.need_default'] });
  if (isDefault && !ctx.current?.['isDefault']) await clearDefaultLanguage(ctx.tx, ctx.current?.id ?? null);
}

export const languageEntity = defineEntity({
  name: 'languages',
  audit: 'language',
  label: (row) => `${String(row['name'])} (${String(row['code'])})`,
  table: languages,
  search: [languages.code, languages.name, languages.nativeName],
  orderBy: [languages.id],
  fields: [
    { name: 'code', kind: 'text', required: true, column: true },
    { name: 'name', kind: 'text', required: true, column: true },
    { name: 'native_name', kind: 'text', required: true },
    { name: 'strings', kind: 'file', accept: 'application/json,.json', hint: true },
    { name: 'is_rtl', kind: 'checkbox', column: true },
    { name: 'is_default', kind: 'checkbox', column: true },
    { name: 'is_active', kind: 'checkbox', column: true },
  ],
  schema: z.object({
    code: z.string({ error: 'validation.required' }).trim().regex(LANGUAGE_CODE, 'admin.languages.code'),
    name: name(60),
    native_name: name(60),
    is_rtl: flag,
    is_default: flag,
    is_active: activeFlag,
  }),
  async toColumns(v, ctx) {
    if (await valueTaken(ctx.tx, languages, languages.code, v.code, ctx.current?.id ?? null))
      throw AppError.validation({ code: ['admin.languages.code_taken'] });
    await defaultChange(ctx, v.is_default, v.is_active);
    const file = ctx.files['strings'];
    return {
      code: v.code,
      name: v.name,
      nativeName: v.native_name,
      isRtl: v.is_rtl,
      isDefault: v.is_default,
      isActive: v.is_active,
      strings: file ? await readLanguageFile(file) : ((ctx.current?.['strings'] as Strings | undefined) ?? {}),
      updatedAt: new Date(),
    };
  },
  view: (row) => ({
    id: row.id,
    code: row['code'],
    name: row['name'],
    native_name: row['nativeName'],
    is_rtl: row['isRtl'],
    is_default: row['isDefault'],
    is_active: row['isActive'],
    uploaded_keys: flatKeys(row['strings']).filter(Boolean).length,
  }),
  guardDelete(row) {
    if (row['isDefault']) throw AppError.conflict('admin.languages.delete_default');
  },
  // Shipped languages come back on the next start if deleted, so they are switched off instead.
  inUse: async (_db, row) => String(row['code']) in shippedLanguages,
  activeColumn: 'isActive',
  changed: invalidateLanguageCatalog,
});
