import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|astro|mjs)$/.test(f))
    .map((f) => path.join(dir, f));
}

const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Imports that bring values, not only types (`import type`, `export type`): what a bundle would carry. */
const valueImportPattern = /(?:import|export)\s+(?!type\s)[^'"]*?from\s*['"]([^'"]+)['"]/g;

function valueImportsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(valueImportPattern)].map((m) => m[1] ?? '');
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? '');
}

/** Whether an import of `file` names something under the folder `dir` (a path from the root, like `src/server`). */
function resolvesInto(dir: string, file: string, specifier: string): boolean {
  if (specifier.startsWith(`~/${dir.replace(/^src\//, '')}`)) return true;
  if (!specifier.startsWith('.')) return false;
  const target = path.resolve(path.dirname(path.join(root, file)), specifier);
  return target.startsWith(path.join(root, dir) + path.sep) || target === path.join(root, dir);
}
const resolvesIntoServer = (file: string, specifier: string) => resolvesInto('src/server', file, specifier);

describe('architecture', () => {
  it("browser code (islands, stores, lib, the features' shared contracts) never imports server code", () => {
    // Tests run in Node and may compare browser code with server data; they never reach a browser.
    const shipped = ['src/islands', 'src/stores', 'src/lib', 'src/features']
      .flatMap(filesUnder)
      .filter((file) => !/\.test\.tsx?$/.test(file));
    const offenders = shipped.flatMap((file) =>
      importsOf(file)
        .filter((s) => resolvesIntoServer(file, s))
        .map((s) => `${file} -> ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it("browser code reads a feature's contract as types only, so zod and the OpenAPI extension stay off its pages", () => {
    const shipped = ['src/islands', 'src/stores', 'src/lib']
      .flatMap(filesUnder)
      .filter((file) => !/\.test\.tsx?$/.test(file));
    const offenders = shipped.flatMap((file) =>
      valueImportsOf(file)
        .filter((s) => /\/contract\.ts$/.test(s))
        .map((s) => `${file} -> ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('Drizzle queries stay in repositories, the schema, migrations and seed', () => {
    const allowed = ['src/server/repositories/', 'src/server/db/'];
    const offenders = filesUnder('src')
      .filter((file) => !allowed.some((a) => file.startsWith(a)))
      .filter((file) => importsOf(file).some((s) => s === 'drizzle-orm' || s.startsWith('drizzle-orm/')));
    expect(offenders).toEqual([]);
  });

  it('pages read a form post only through postedForm, which refuses what the database cannot store', () => {
    const offenders = filesUnder('src/pages').filter((file) =>
      /request\.(formData|text|json|arrayBuffer|blob)\(/.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('pages, components and API routes reach the database only through services', () => {
    const offenders = ['src/pages', 'src/components', 'src/layouts', 'src/server/api', 'src/middleware.ts']
      .flatMap((dir) => (dir.endsWith('.ts') ? [dir] : filesUnder(dir)))
      .flatMap((file) =>
        importsOf(file)
          .filter((s) => /server\/(repositories|db\/schema)|\.\.\/repositories\//.test(s))
          // The stored image's shape (types only, no table): what a page draws a picture from.
          .filter((s) => !s.endsWith('db/schema/media-types.ts'))
          .map((s) => `${file} -> ${s}`),
      );
    expect(offenders).toEqual([]);
  });

  it('services, repositories and page helpers never import the API: it calls them, not the other way round', () => {
    const below = ['src/server/services', 'src/server/repositories', 'src/server/web', 'src/server/platform']
      .flatMap(filesUnder)
      .filter((file) => !/\.test\.tsx?$/.test(file));
    const offenders = below.flatMap((file) =>
      importsOf(file)
        .filter((s) => resolvesInto('src/server/api', file, s))
        .map((s) => `${file} -> ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('server code never imports browser code: what both use (map shapes, geometry) lives in src/lib', () => {
    const offenders = filesUnder('src/server').flatMap((file) =>
      importsOf(file)
        .filter((s) => resolvesInto('src/islands', file, s))
        .map((s) => `${file} -> ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});
