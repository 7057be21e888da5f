import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DARK_TEXT_SURFACE, MIN_TEXT_CONTRAST, contrastRatio } from '../../src/server/web/brand.ts';

/** The design system's rules (docs/design-system.md): colours live in tokens.css, and its pairs stay readable. */
const root = path.resolve(import.meta.dirname, '../..');
const TOKENS = 'src/styles/tokens.css';

/** Files that may write a colour, and why. */
const ALLOWED: Record<string, string> = {
  [TOKENS]: 'the tokens themselves',
};

const styleFiles = fs
  .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(css|astro)$/.test(file))
  .map((file) => path.join('src', file).split(path.sep).join('/'));

/** The CSS of a file: all of a stylesheet; an Astro file's <style> blocks and style attributes. */
function cssOf(file: string): string {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  if (file.endsWith('.css')) return text;
  const blocks = [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  const attributes = [...text.matchAll(/\sstyle="([^"]*)"/g)].map((m) => m[1]);
  return [...blocks, ...attributes].join('\n');
}

/** Raw colours: hex, the colour functions with a literal (not a token) inside, and the named colours. */
const RAW_COLOUR =
  /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\((?![^)]*var\()[^)]*\)|:\s*(?:white|black|red|green|blue|gray|grey|silver|teal|navy|orange|yellow)\s*[;}]/gi;

describe('design tokens', () => {
  it('writes colours only in the token file', () => {
    expect(styleFiles).toContain(TOKENS);
    const offenders = styleFiles
      .filter((file) => !(file in ALLOWED))
      .flatMap((file) =>
        [
          ...cssOf(file)
            .replace(/\/\*[\s\S]*?\*\//g, '')
            .matchAll(RAW_COLOUR),
        ].map((m) => `${file}: ${m[0]}`),
      );
    expect(offenders).toEqual([]);
  });

  it('catches the colours it looks for', () => {
    for (const css of ['a{color:#fff}', 'a{background: rgb(0 0 0 / 45%)}', 'a{color: white;}', 'a{fill:#087c7c}'])
      expect(css.match(RAW_COLOUR)).not.toBeNull();
    for (const css of ['a{color:var(--ink)}', 'a{background: color-mix(in srgb, var(--brand) 12%, transparent)}'])
      expect(css.match(RAW_COLOUR)).toBeNull();
  });

  const tokens = fs.readFileSync(path.join(root, TOKENS), 'utf8');
  const darkAt = tokens.indexOf('@media (prefers-color-scheme: dark)');
  /** The tokens of one scheme: the light ones, with the dark block's over them for the dark scheme. */
  const scheme = (dark: boolean): Record<string, string> => {
    const read = (css: string) =>
      Object.fromEntries([...css.matchAll(/(--[a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]));
    const light = read(tokens.slice(0, darkAt));
    return dark ? { ...light, ...read(tokens.slice(darkAt)) } : light;
  };
  /** A token's colour, following var() to the token it names. */
  const resolve = (colours: Record<string, string>, name: string): string => {
    const value = colours[name] ?? '';
    const named = /^var\((--[a-z0-9-]+)\)$/.exec(value);
    return named ? resolve(colours, named[1]!) : value;
  };

  /** Text on its backgrounds, as the components pair them. */
  const pairs: [text: string, backgrounds: string[]][] = [
    ['--ink', ['--surface', '--surface-raised', '--surface-field', '--brand-soft']],
    ['--muted', ['--surface', '--surface-raised']],
    ['--brand-text', ['--surface', '--surface-raised', '--brand-soft']],
    ['--brand-ink', ['--brand-fill', '--danger-fill', '--info-fill']],
    ['--ink-on-strong', ['--surface-strong', '--success-fill', '--danger-fill']],
    ['--ink-footer', ['--surface-footer']],
    ['--link-footer', ['--surface-footer']],
    ['--danger', ['--surface-raised']],
    ['--warning', ['--surface-raised']],
    ['--danger-soft-ink', ['--danger-soft']],
    ['--success-soft-ink', ['--success-soft']],
    ['--warning-soft-ink', ['--warning-soft']],
    ['--info-soft-ink', ['--info-soft']],
  ];

  for (const dark of [false, true]) {
    it(`keeps text readable in the ${dark ? 'dark' : 'light'} scheme (WCAG AA)`, () => {
      const colours = scheme(dark);
      const failing = pairs.flatMap(([text, backgrounds]) =>
        backgrounds
          .map(
            (background) => [background, contrastRatio(resolve(colours, text), resolve(colours, background))] as const,
          )
          .filter(([, ratio]) => !(ratio >= MIN_TEXT_CONTRAST))
          .map(([background, ratio]) => `${text} on ${background}: ${ratio.toFixed(2)}`),
      );
      expect(failing).toEqual([]);
      // A control's edge and the focus ring stand out from the surface (3:1, WCAG 1.4.11).
      for (const edge of ['--line-strong', '--focus-color'])
        expect(contrastRatio(resolve(colours, edge), resolve(colours, '--surface-raised'))).toBeGreaterThanOrEqual(3);
    });
  }

  it('has no dark surface under brand text lighter than the one brand.ts lightens the console colour for', () => {
    const dark = scheme(true);
    for (const surface of ['--surface', '--surface-raised', '--brand-soft'])
      expect(contrastRatio(resolve(dark, surface), '#ffffff')).toBeGreaterThanOrEqual(
        contrastRatio(DARK_TEXT_SURFACE, '#ffffff'),
      );
    expect(dark['--brand-soft']).toBe(DARK_TEXT_SURFACE);
  });
});
