import { describe, expect, it } from 'vitest';
import { AREA_UNIT_NAMES, convertArea, roundArea } from './area-units.ts';

describe('convertArea', () => {
  it('converts the international units exactly', () => {
    expect(convertArea(1, 'acre', 'sq_ft')).toBeCloseTo(43_560, 6);
    expect(convertArea(1, 'hectare', 'acre')).toBeCloseTo(2.4710538, 6);
    expect(convertArea(1, 'sq_yd', 'sq_ft')).toBeCloseTo(9, 9);
    expect(convertArea(1, 'sq_km', 'hectare')).toBe(100);
  });

  it('uses the documented regional values of the local units', () => {
    expect(convertArea(1, 'kanal', 'marla')).toBeCloseTo(20, 9);
    expect(convertArea(1, 'acre', 'cent')).toBeCloseTo(100, 9);
    expect(convertArea(1, 'acre', 'guntha')).toBeCloseTo(40, 9);
    expect(convertArea(1, 'bigha_north_india', 'sq_ft')).toBeCloseTo(27_225, 6);
    expect(convertArea(1, 'bigha_west_bengal', 'sq_m')).toBeCloseTo(1337.8, 1);
    expect(convertArea(1, 'ground', 'sq_ft')).toBeCloseTo(2400, 6);
  });

  it('round-trips every unit', () => {
    for (const unit of AREA_UNIT_NAMES)
      expect(convertArea(convertArea(123.45, unit, 'sq_m'), 'sq_m', unit)).toBeCloseTo(123.45, 9);
  });
});

describe('roundArea', () => {
  it('keeps six decimals at most', () => {
    expect(roundArea(1 / 3)).toBe(0.333333);
    expect(roundArea(43_560.000000001)).toBe(43_560);
    expect(roundArea(0)).toBe(0);
  });
});
