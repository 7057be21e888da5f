import { describe, expect, it } from 'vitest';
import { coordinatesRule, coordinatesRuleParams, listingLocationSchema, locationSchema } from './location.ts';
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

  it('names each missing part of the address once', () => {
    expect(messagesOf(locationSchema.safeParse({ ...lisbon, state: ' ', formatted_address: undefined }))).toEqual({
      state: [m.stateRequired],
      formatted_address: [m.addressRequired],
    });
  });

  it('answers an empty location with one distinct message per missing field, none of them a range', () => {
    for (const empty of [{}, { city: '', state: '', country: '', formatted_address: '', latitude: '', longitude: '' }])
      expect(messagesOf(locationSchema.safeParse(empty))).toEqual({
        city: [m.cityRequired],
        state: [m.stateRequired],
        country: [m.countryRequired],
        formatted_address: [m.addressRequired],
        latitude: [m.latitudeRequired],
        longitude: [m.longitudeRequired],
      });
  });

  it('keeps latitude within -90..90 and longitude within -180..180', () => {
    expect(locationSchema.safeParse({ ...lisbon, latitude: -90, longitude: 180 }).success).toBe(true);
    expect(messagesOf(locationSchema.safeParse({ ...lisbon, latitude: 90.01, longitude: -180.01 }))).toEqual({
      latitude: [m.latitude],
      longitude: [m.longitude],
    });
  });

  it('does not read a missing coordinate as 0: blank is required, not out of range', () => {
    for (const missing of ['', ' ', null, undefined]) {
      expect(messagesOf(locationSchema.safeParse({ ...lisbon, latitude: missing, longitude: missing }))).toEqual({
        latitude: [m.latitudeRequired],
        longitude: [m.longitudeRequired],
      });
    }
    expect(messagesOf(locationSchema.safeParse({ ...lisbon, latitude: 'abc' }))).toEqual({ latitude: [m.latitude] });
  });
});

describe('listingLocationSchema with coordinatesRule', () => {
  const listing = listingLocationSchema.superRefine(coordinatesRule, coordinatesRuleParams);

  it('lets a form without the map leave both coordinates out when the place is named', () => {
    for (const blank of ['', ' ', undefined])
      expect(listing.parse({ ...lisbon, latitude: blank, longitude: blank })).toEqual({
        ...lisbon,
        latitude: undefined,
        longitude: undefined,
      });
  });

  it('still asks for them without the place, and for the other half of a half-given point', () => {
    expect(messagesOf(listing.safeParse({ ...lisbon, city: '', latitude: '', longitude: '' }))).toEqual({
      city: [m.cityRequired],
      latitude: [m.latitudeRequired],
      longitude: [m.longitudeRequired],
    });
    expect(messagesOf(listing.safeParse({ ...lisbon, longitude: '' }))).toEqual({ longitude: [m.longitudeRequired] });
    expect(messagesOf(listing.safeParse({ ...lisbon, latitude: '91' }))).toEqual({ latitude: [m.latitude] });
  });
});
