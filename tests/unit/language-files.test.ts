import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const localesDir = path.join(root, 'src/server/i18n/locales');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) };
  return Object.entries(value).reduce<Record<string, string>>(
    (acc, [key, inner]) => Object.assign(acc, flatten(inner, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

const files = fs.readdirSync(localesDir).filter((f) => f.endsWith('.json'));
const strings = Object.fromEntries(
  files.map((f) => [f.replace('.json', ''), flatten(JSON.parse(fs.readFileSync(path.join(localesDir, f), 'utf8')))]),
);
const english = strings['en']!;
// Plural forms differ by language (Arabic has six, English two); compare the base keys.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (table: Record<string, string>) =>
  [...new Set(Object.keys(table).map((k) => k.replace(PLURAL, '')))].sort();
const englishKeys = new Set(baseKeys(english));

describe('language files', () => {
  it('ship English and the right-to-left Arabic', () => {
    expect(Object.keys(strings).sort()).toEqual(expect.arrayContaining(['ar', 'en']));
  });

  for (const [code, table] of Object.entries(strings)) {
    it(`${code} has exactly the keys of English, none empty`, () => {
      expect(baseKeys(table)).toEqual([...englishKeys].sort());
      expect(
        Object.entries(table)
          .filter(([, text]) => text.trim() === '')
          .map(([key]) => key),
      ).toEqual([]);
    });
  }

  it('every key the code translates exists in English', () => {
    const sources = ['src']
      .flatMap((dir) =>
        fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(root, dir, f)),
      )
      .filter((f) => /\.(ts|tsx|astro)$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('.test.tsx'));
    const used = new Set<string>();
    for (const file of sources) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-z_]+(?:\.[a-z0-9_]+)+)'/g)) used.add(match[1]!);
      for (const match of text.matchAll(/'((?:errors|validation)\.[a-z0-9_]+)'/g)) used.add(match[1]!);
    }
    const missing = [...used].filter((key) => !englishKeys.has(key));
    expect(missing).toEqual([]);
  });
});
