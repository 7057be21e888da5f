import { describe, expect, it } from 'vitest';
import { locationSchema } from './location.ts';
import { validationMessages as m } from './messages.ts';
import { messagesOf } from './test-helpers.ts';

const lisbon = {
  city: 'Lisbon',
  state: 'Lisbon',
  country: 'Portugal',
  formatted_address: 'Rua Augusta, Lisbon, Portugal',
  latitude: 38.71,
  longitude: -9.14,
};

describe('locationSchema', () => {
  it('accepts a complete location, coordinates as numbers or strings', () => {
    expect(locationSchema.parse(lisbon)).toEqual(lisbon);
    expect(locationSchema.parse({ ...lisbon, latitude: '38.71', longitude: '-9.14' })).toEqual(lisbon);
  });

  it('needs city, state, country and formatted address', () => {
    expect(messagesOf(locationSchema.safeParse({ ...lisbon, state: ' ', formatted_address: undefined }))).toEqual({
      state: [m.locationIncomplete],
      formatted_address: [m.locationIncomplete],
    });
    expect(Object.keys(messagesOf(locationSchema.safeParse({ latitude: 0, longitude: 0 }))).sort()).toEqual([
      'city',
      'country',
      'formatted_address',
      'state',
    ]);
  });

  it('keeps latitude within -90..90 and longitude within -180..180', () => {
    expect(locationSchema.safeParse({ ...lisbon, latitude: -90, longitude: 180 }).success).toBe(true);
    expect(messagesOf(locationSchema.safeParse({ ...lisbon, latitude: 90.01, longitude: -180.01 }))).toEqual({
      latitude: [m.latitude],
      longitude: [m.longitude],
    });
  });

  it('does not read a missing coordinate as 0', () => {
    for (const missing of ['', ' ', null, undefined, 'abc']) {
      expect(messagesOf(locationSchema.safeParse({ ...lisbon, latitude: missing }))).toEqual({
        latitude: [m.latitude],
      });
    }
  });
});
