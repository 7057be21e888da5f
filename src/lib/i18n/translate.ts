import { pluralRules } from '../intl.ts';

/**
 * A small translator for islands over the same nested resources the server's i18next uses: dotted keys,
 * `{{name}}` interpolation and `_one`/`_other`/... plural keys chosen with Intl.PluralRules. Islands get only the
 * strings they need as props, so shipping i18next itself to the browser would cost more than the strings.
 */
export type Resources = { [key: string]: string | Resources };
export type TranslateFn = (key: string, values?: Record<string, string | number>) => string;

function lookup(resources: Resources, key: string): string | undefined {
  let node: string | Resources | undefined = resources;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function createTranslate(lang: string, resources: Resources): TranslateFn {
  const plural = pluralRules(lang);
  return (key, values = {}) => {
    const count = values['count'];
    const text =
      (typeof count === 'number'
        ? (lookup(resources, `${key}_${plural.select(count)}`) ?? lookup(resources, `${key}_other`))
        : undefined) ?? lookup(resources, key);
    if (text === undefined) return key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
      name in values ? String(values[name]) : match,
    );
  };
}
