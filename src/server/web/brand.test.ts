import { describe, expect, it } from 'vitest';
import ar from '../i18n/locales/ar.json' with { type: 'json' };
import en from '../i18n/locales/en.json' with { type: 'json' };
import { DEFAULT_SETTINGS } from '../db/seed/essentials.ts';
import { createTranslator, type LanguagePack } from '../i18n/translator.ts';
import {
  DARK_TEXT_SURFACE,
  DEFAULT_BRAND_COLOR,
  DEFAULT_COMPANY_NAME,
  MIN_TEXT_CONTRAST,
  THEME_VERSION,
  brandPalette,
  brandStylesheet,
  brandStylesheetPath,
  contrastRatio,
  siteName,
} from './brand.ts';

const english: LanguagePack = { code: 'en', isRtl: false, strings: en };
const arabic: LanguagePack = { code: 'ar', isRtl: true, strings: ar };
const tEn = createTranslator(english, english);
const tAr = createTranslator(arabic, english);

describe('siteName', () => {
  it('is the company name from the settings', () => {
    expect(siteName('Casa QA Realty', tEn)).toBe('Casa QA Realty');
    expect(siteName('  Casa QA Realty ', tAr)).toBe('Casa QA Realty');
  });

  it('is the translated name while the company name is empty or still the seeded one', () => {
    const seeded = DEFAULT_SETTINGS.find((setting) => setting.key === 'company_name')?.value;
    expect(seeded).toBe(DEFAULT_COMPANY_NAME);
    expect(siteName(DEFAULT_COMPANY_NAME, tEn)).toBe(en.site.name);
    expect(siteName(DEFAULT_COMPANY_NAME, tAr)).toBe(ar.site.name);
    expect(siteName(' ', tAr)).toBe(ar.site.name);
  });
});

describe('brand colour', () => {
  it('matches the colour the stylesheet and the seed ship with', () => {
    expect(DEFAULT_SETTINGS.find((setting) => setting.key === 'svg_clr')?.value).toBe(DEFAULT_BRAND_COLOR);
    expect(brandStylesheetPath(DEFAULT_BRAND_COLOR)).toBeNull();
    expect(brandStylesheetPath('#087C7C')).toBeNull();
  });

  it('links a stylesheet named by the colour, which sets the brand properties', () => {
    expect(brandStylesheetPath('#AA2200')).toBe(`/theme/aa2200.v${THEME_VERSION}.css`);
    const css = brandStylesheet(`aa2200.v${THEME_VERSION}.css`);
    const { brand, brandDark, brandMid, brandLight } = brandPalette('#aa2200')!;
    expect(brand).toBe('#aa2200');
    expect(css).toBe(
      `html:root{--brand:#aa2200;--brand-dark:${brandDark};--brand-mid:${brandMid};--brand-light:${brandLight}}\n`,
    );
  });

  it('serves no stylesheet under an address of older rules, which browsers keep for good', () => {
    expect(THEME_VERSION).toBeGreaterThan(1);
    expect(brandStylesheet('aa2200.css')).toBeNull();
    expect(brandStylesheet(`aa2200.v${THEME_VERSION - 1}.css`)).toBeNull();
  });

  it('gives the dark scheme a shade readable on its surfaces, however dark or light the colour', () => {
    const colors = ['#aa2200', '#000000', '#0a0a40', '#055a5a', '#087c7c', '#ffffff', '#ffff00', '#87ceeb', '#ff69b4'];
    for (const color of colors) {
      const { brandLight } = brandPalette(color)!;
      for (const surface of [DARK_TEXT_SURFACE, '#0f1617', '#182223'])
        expect(contrastRatio(brandLight, surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    // A colour already readable on the dark surfaces keeps itself; a dark one keeps its hue, lightened.
    expect(brandPalette('#ffff00')!.brandLight).toBe('#ffff00');
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(brandPalette('#aa2200')!.brandLight.slice(at, at + 2), 16));
    expect(r).toBeGreaterThan(g!);
    expect(g).toBeGreaterThanOrEqual(b!);
  });

  it('keeps text in the brand shades readable on white, however light the colour', () => {
    for (const color of ['#aa2200', '#ffff00', '#ffffff', '#87ceeb', '#000000', '#087c7c', '#ff69b4']) {
      const palette = brandPalette(color)!;
      expect(palette.brand).toBe(color);
      expect(contrastRatio(palette.brandDark, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(palette.brandMid, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      // The dark shade is never lighter than the banner's lighter end.
      expect(contrastRatio(palette.brandDark, '#ffffff')).toBeGreaterThanOrEqual(
        contrastRatio(palette.brandMid, '#ffffff'),
      );
    }
    // A colour already readable keeps its hue: the dark shade is the colour scaled down, not a stand-in.
    expect(brandPalette('#aa2200')!.brandMid).toBe('#aa2200');
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('serves no stylesheet for anything but a lower-case colour file', () => {
    const v = `.v${THEME_VERSION}`;
    for (const file of [
      `AA2200${v}.css`,
      `aa220${v}.css`,
      `aa2200${v}`,
      `aa2200${v}.css.map`,
      '../x.css',
      'red.css',
      '',
    ])
      expect(brandStylesheet(file)).toBeNull();
    expect(brandStylesheetPath('teal')).toBeNull();
    expect(brandPalette('#12345g')).toBeNull();
  });
});
