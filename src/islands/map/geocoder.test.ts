import { describe, expect, it } from 'vitest';
import { placeFromGoogle } from './geocoder.ts';

const result = (components: [string, string[]][], formatted = 'Rua Augusta, 1100-053 Lisboa, Portugal') => ({
  formatted_address: formatted,
  address_components: components.map(([long_name, types]) => ({ long_name, types })),
  geometry: { location: { lat: () => 38.71, lng: () => -9.14 } },
});

describe("Google's geocoder result", () => {
  it('reads city (locality), state (administrative level 1), country and the formatted address', () => {
    const place = placeFromGoogle(
      result([
        ['Rua Augusta', ['route']],
        ['Lisboa', ['locality', 'political']],
        ['Lisboa', ['administrative_area_level_1', 'political']],
        ['Portugal', ['country', 'political']],
      ]),
    );
    expect(place).toEqual({
      city: 'Lisboa',
      state: 'Lisboa',
      country: 'Portugal',
      formatted_address: 'Rua Augusta, 1100-053 Lisboa, Portugal',
      latitude: 38.71,
      longitude: -9.14,
    });
  });

  it('falls back to the postal town for places without a locality, and leaves missing parts empty', () => {
    const place = placeFromGoogle(
      result([
        ['Brighton', ['postal_town']],
        ['United Kingdom', ['country']],
      ]),
    );
    expect(place).toMatchObject({ city: 'Brighton', state: '', country: 'United Kingdom' });
  });
});
