import { describe, expect, it } from 'vitest';
import { nearestPlace, placeKey, searchPlaces } from './places.ts';

describe('offline reverse geocoding', () => {
  it.each([
    ['Lisbon', 38.7223, -9.1393, { city: 'Lisbon', state: 'Lisbon', country: 'Portugal' }],
    ['Cairo', 30.0444, 31.2357, { city: 'Cairo', state: 'Cairo', country: 'Egypt' }],
    ['Mumbai', 19.076, 72.8777, { city: 'Mumbai', state: 'Maharashtra', country: 'India' }],
    ['Paris', 48.8566, 2.3522, { city: 'Paris', state: 'Paris', country: 'France' }],
  ])(
    'names the city, state and country of central %s',
    async (_name, latitude, longitude, expected) => {
      const place = await nearestPlace(latitude, longitude);
      expect(place).toMatchObject(expected);
      expect(place!.formatted_address).toBe(
        [expected.city, expected.state, expected.country].filter((p, i, all) => all.indexOf(p) === i).join(', '),
      );
    },
    30_000,
  );

  it('names the nearest city outside a capital', async () => {
    // Giza, across the Nile from Cairo: its own city and governorate.
    expect(await nearestPlace(29.987, 31.2118)).toMatchObject({ city: 'Giza', state: 'Giza', country: 'Egypt' });
  });

  it('has no answer in the middle of the ocean', async () => {
    expect(await nearestPlace(0, -30)).toBeNull();
  });
});

describe('offline place search', () => {
  it('finds a capital first and accepts a country after a comma', async () => {
    const [first] = await searchPlaces('lisbo', 5);
    expect(first).toMatchObject({ city: 'Lisbon', country: 'Portugal' });
    const cairo = await searchPlaces('Cairo, United States', 5);
    expect(cairo.length).toBeGreaterThan(0);
    expect(cairo.every((p) => p.country === 'United States')).toBe(true);
  });

  it('ignores accents and case, and needs two letters', async () => {
    expect((await searchPlaces('SAO PAULO', 3))[0]).toMatchObject({ city: 'São Paulo', country: 'Brazil' });
    expect(await searchPlaces('a', 5)).toEqual([]);
    expect(placeKey('  Ğaza-Strip ')).toBe('gaza strip');
  });
});
