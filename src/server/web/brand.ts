import type { Translator } from '../i18n/translator.ts';

/**
 * The site's identity from the settings (company name, brand colour), for every page.
 *
 * The brand colour reaches the page as a stylesheet from our own origin (`/theme/<rrggbb>.css`, served by
 * src/pages/theme/[file].ts): the CSP allows no inline style, and the colour is in the address, so the file never
 * changes, may be cached for good, and a new colour is a new address that the next page asks for.
 */

/** The company name every install is seeded with (src/server/db/seed/essentials.ts): the translated name stands for it. */
export const DEFAULT_COMPANY_NAME = 'Property Marketplace';
/** The brand colour src/styles/global.css ships with (`--brand`); with it no extra stylesheet is needed. */
export const DEFAULT_BRAND_COLOR = '#087c7c';

/** Text and filled buttons on white need at least this much contrast (WCAG 2 AA, normal text). */
export const MIN_TEXT_CONTRAST = 4.5;
/** How much darker `--brand-dark` is than `--brand` in the shipped pair (#087c7c, #055a5a). */
const DARK_STEP = 0.73;
/**
 * The lightest surface brand-coloured text sits on in the dark scheme (`--brand-soft` there, src/styles/tokens.css):
 * `--brand-light` reads on it, and so on every darker one. tests/unit/design-tokens.test.ts keeps the two in step.
 */
export const DARK_TEXT_SURFACE = '#1d3233';
/**
 * Bumped whenever the rules that turn a colour into its stylesheet change: the stylesheet is cached for good under its
 * address, so new rules need a new address.
 */
export const THEME_VERSION = 2;

/**
 * The name the site goes by in titles, og:site_name, the header, the footer and JSON-LD: the company name from the
 * settings, or the translated default while it is empty or still the seeded one (so each language keeps its own).
 */
export function siteName(companyName: string, t: Translator): string {
  const name = companyName.trim();
  return name && name !== DEFAULT_COMPANY_NAME ? name : t('site.name');
}

type Rgb = [number, number, number];

function parseHex(color: string): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  const n = Number.parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [parseHex(a), parseHex(b)].map((rgb) => (rgb ? luminance(rgb) : 0)) as [number, number];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The colour scaled towards black until white text on it (and it as text on white) reads at `MIN_TEXT_CONTRAST`. */
function readableOnWhite(rgb: Rgb, startAt = 1): Rgb {
  for (let factor = startAt; factor > 0; factor -= 0.02) {
    const shade = rgb.map((c) => Math.round(c * factor)) as Rgb;
    if (contrastRatio(toHex(shade), '#ffffff') >= MIN_TEXT_CONTRAST) return shade;
  }
  return [0, 0, 0];
}

/** The colour mixed towards white until it reads as text on the dark scheme's surfaces at `MIN_TEXT_CONTRAST`. */
function readableOnDark(rgb: Rgb): Rgb {
  for (let share = 0; share <= 1; share += 0.02) {
    const tint = rgb.map((c) => Math.round(c + (255 - c) * share)) as Rgb;
    if (contrastRatio(toHex(tint), DARK_TEXT_SURFACE) >= MIN_TEXT_CONTRAST) return tint;
  }
  return [255, 255, 255];
}

export interface BrandPalette {
  /** `--brand`: the colour as chosen; only where no text depends on it (the progress bar, spinners). */
  brand: string;
  /** `--brand-dark`: links, prices, the site name, filled buttons (white text): darker, always readable on white. */
  brandDark: string;
  /** `--brand-mid`: the lighter end of the home banner's gradient (white text), readable on white too. */
  brandMid: string;
  /** `--brand-light`: brand-coloured text and links in the dark scheme, readable on its surfaces. */
  brandLight: string;
}

/** The shades the stylesheet uses, from one `#rrggbb` colour; null for anything else. */
export function brandPalette(color: string): BrandPalette | null {
  const rgb = parseHex(color);
  if (!rgb) return null;
  const mid = readableOnWhite(rgb);
  return {
    brand: toHex(rgb),
    brandDark: toHex(readableOnWhite(rgb, DARK_STEP)),
    brandMid: toHex(mid),
    brandLight: toHex(readableOnDark(rgb)),
  };
}

/** The stylesheet that sets the brand colour, or null while it is the shipped one (or not a colour). */
export function brandStylesheetPath(color: string): string | null {
  const palette = brandPalette(color);
  if (!palette || palette.brand === DEFAULT_BRAND_COLOR) return null;
  return `/theme/${palette.brand.slice(1)}.v${THEME_VERSION}.css`;
}

/**
 * The stylesheet for `/theme/<file>`, where the file is `rrggbb.v<THEME_VERSION>.css` (lower case, as
 * brandStylesheetPath writes it); null for any other name, an older version's included. `html:root` outweighs
 * tokens.css's `:root`, whichever of the two the page loads first; the dark scheme's tokens there pick
 * `--brand-light` up, so the file needs no scheme of its own.
 */
export function brandStylesheet(file: string): string | null {
  const match = new RegExp(`^([0-9a-f]{6})\\.v${THEME_VERSION}\\.css$`).exec(file);
  const palette = match ? brandPalette(`#${match[1]}`) : null;
  if (!palette) return null;
  const { brand, brandDark, brandMid, brandLight } = palette;
  return `html:root{--brand:${brand};--brand-dark:${brandDark};--brand-mid:${brandMid};--brand-light:${brandLight}}\n`;
}
