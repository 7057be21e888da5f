/**
 * Area units of the converter, each as square metres. The international units are exact by definition; the local
 * units follow the common legal or survey value of the region named, since several vary from place to place:
 *
 * - bigha: 27,225 sq ft in much of North India (Uttar Pradesh, Punjab, Haryana, Rajasthan pucca bigha);
 *   14,400 sq ft in West Bengal and Assam; 72,900 sq ft in Nepal's Terai.
 * - kanal: 20 marla = 5,445 sq ft (Punjab, Pakistan).  marla: 272.25 sq ft (the revenue marla of Punjab and
 *   Pakistan; some Lahore housing schemes use 225 sq ft).
 * - cent: 1/100 acre = 435.6 sq ft (Kerala, Tamil Nadu, Andhra Pradesh).
 * - guntha: 1/40 acre = 1,089 sq ft (Maharashtra, Karnataka, Gujarat).
 * - ground: 2,400 sq ft (Tamil Nadu, Chennai).
 */
const SQ_FT = 0.09290304;

export const AREA_UNITS = {
  sq_ft: SQ_FT,
  sq_m: 1,
  sq_yd: 0.83612736,
  acre: 4046.8564224,
  hectare: 10_000,
  sq_km: 1_000_000,
  bigha_north_india: 27_225 * SQ_FT,
  bigha_west_bengal: 14_400 * SQ_FT,
  bigha_nepal: 72_900 * SQ_FT,
  kanal: 5445 * SQ_FT,
  marla: 272.25 * SQ_FT,
  cent: 435.6 * SQ_FT,
  guntha: 1089 * SQ_FT,
  ground: 2400 * SQ_FT,
} as const;
export type AreaUnit = keyof typeof AREA_UNITS;
export const AREA_UNIT_NAMES = Object.keys(AREA_UNITS) as AreaUnit[];

/** Converts an area between two units (through square metres). */
export function convertArea(value: number, from: AreaUnit, to: AreaUnit): number {
  return (value * AREA_UNITS[from]) / AREA_UNITS[to];
}

/** At most six decimals: enough for land records, readable for people. */
export function roundArea(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
