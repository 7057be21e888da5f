import { describe, expect, it } from 'vitest';
import {
  areaBounds,
  areaNear,
  boundsOf,
  intersectBounds,
  longitudeRanges,
  nearestCopy,
  parseArea,
  parsePoint,
  viewAround,
  viewBounds,
  wrapPoint,
} from './geo.ts';

describe('areas across the antimeridian', () => {
  // Drawn over the line on the map: the corners east of it continue past 180.
  const across = [
    { latitude: 51.5, longitude: 179.2 },
    { latitude: 51.5, longitude: 180.8 },
    { latitude: 52.5, longitude: 180.8 },
    { latitude: 52.5, longitude: 179.2 },
  ];

  it('reads corners past ±180 as an area over the line, within one turn of the world', () => {
    expect(parseArea('51.5,179.2;51.5,180.8;52.5,180.8;52.5,179.2')).toEqual(across);
    expect(parseArea('51.5,-180.8;51.5,-179.2;52.5,-179.2')).toHaveLength(3);
    expect(parseArea('0,10;0,541;1,20')).toBe('map.invalid_longitude');
    expect(parseArea('0,-170;0,190;1,190')).toBe('map.invalid_area');
    // A point is still a place on the globe.
    expect(parsePoint('0,181')).toBe('map.invalid_longitude');
  });

  it('moves an area by whole turns to lie nearest a reference, keeping its shape', () => {
    expect(areaNear(across, -179).map((p) => p.longitude)).toEqual([-180.8, -179.2, -179.2, -180.8]);
    const aTurnAway = across.map((p) => ({ ...p, longitude: p.longitude + 360 }));
    expect(areaNear(aTurnAway).map((p) => Number(p.longitude.toFixed(6)))).toEqual([179.2, 180.8, 180.8, 179.2]);
    // Corners on both sides of the line as plain longitudes are an area around the rest of the world, as drawn.
    const wide = [
      { latitude: 0, longitude: -170 },
      { latitude: 0, longitude: 170 },
      { latitude: 1, longitude: 170 },
    ];
    expect(areaNear(wide)).toEqual(wide);
  });

  it('boxes an area over the line across it, and any other as before', () => {
    expect(areaBounds(across)).toEqual({ south: 51.5, west: 179.2, north: 52.5, east: -179.2 });
    expect(areaBounds(areaNear(across, -179))).toEqual({ south: 51.5, west: 179.2, north: 52.5, east: -179.2 });
    const plain = [
      { latitude: 0, longitude: 10 },
      { latitude: 0, longitude: 20 },
      { latitude: 1, longitude: 180 },
    ];
    expect(areaBounds(plain)).toEqual(boundsOf(plain));
  });

  it('wraps a clicked point back onto the globe', () => {
    expect(wrapPoint({ latitude: 1, longitude: 180.8 })).toEqual({ latitude: 1, longitude: -179.2 });
    expect(wrapPoint({ latitude: 1, longitude: 12 })).toEqual({ latitude: 1, longitude: 12 });
  });
});

describe('views across the antimeridian', () => {
  it('wraps the longitudes of a map scrolled around the world, so a view across the line has west > east', () => {
    // Fiji, as Leaflet reports it after panning east over the line, and after panning west over it.
    expect(viewBounds({ south: -20, west: 175, north: -15, east: 185 })).toEqual({
      south: -20,
      west: 175,
      north: -15,
      east: -175,
    });
    expect(viewBounds({ south: -20, west: -185, north: -15, east: -175 })).toMatchObject({ west: 175, east: -175 });
    // A whole copy of the world away: the same view as on the first copy.
    expect(viewBounds({ south: 0, west: 370, north: 1, east: 380 })).toMatchObject({ west: 10, east: 20 });
    // A view ending at the line ends at 180 (not -180), one starting at it starts at -180.
    expect(viewBounds({ south: 0, west: 170, north: 1, east: 180 })).toMatchObject({ west: 170, east: 180 });
    expect(viewBounds({ south: 0, west: 180, north: 1, east: 190 })).toMatchObject({ west: -180, east: -170 });
    expect(viewBounds({ south: 0, west: -180, north: 1, east: -170 })).toMatchObject({ west: -180, east: -170 });
  });

  it('makes a view as wide as the world the world, and clamps latitudes to the poles', () => {
    const world = { south: -90, west: -180, north: 90, east: 180 };
    expect(viewBounds({ south: -95, west: -200, north: 95, east: 160 })).toEqual(world);
    expect(viewBounds({ south: -90, west: -400, north: 90, east: 400 })).toEqual(world);
    expect(viewBounds(world)).toEqual(world);
  });

  it('splits a box across the line into its two ranges of longitude', () => {
    expect(longitudeRanges({ south: 0, west: 179, north: 1, east: -179 })).toEqual([
      [179, 180],
      [-180, -179],
    ]);
    expect(longitudeRanges({ south: 0, west: -10, north: 1, east: 10 })).toEqual([[-10, 10]]);
  });

  it('intersects boxes across the line with others', () => {
    const fiji = { south: -20, west: 175, north: -15, east: -175 };
    // A drawn area on one side of the line: its own box.
    expect(intersectBounds(fiji, { south: -18, west: 177, north: -16, east: 179 })).toEqual({
      south: -18,
      west: 177,
      north: -16,
      east: 179,
    });
    expect(intersectBounds(fiji, { south: -18, west: -179, north: -16, east: -170 })).toEqual({
      south: -18,
      west: -179,
      north: -16,
      east: -175,
    });
    // The world, or another box across the line: a box across it.
    expect(intersectBounds(fiji, { south: -90, west: -180, north: 90, east: 180 })).toEqual(fiji);
    expect(intersectBounds(fiji, { south: -30, west: 178, north: 0, east: -170 })).toEqual({ ...fiji, west: 178 });
    // Far from it: nothing.
    expect(intersectBounds(fiji, { south: -18, west: 0, north: -16, east: 10 })).toBeNull();
    // A box that meets it at both ends, two pieces apart: the narrower box holds both.
    expect(intersectBounds(fiji, { south: -18, west: -178, north: -16, east: 178 })).toEqual({
      ...fiji,
      south: -18,
      north: -16,
    });
  });

  it('fits a first view across the line around listings on both sides of it, and only then', () => {
    const fiji = [
      { latitude: -17, longitude: 178.4 },
      { latitude: -16.8, longitude: -179.9 },
      { latitude: -16.5, longitude: 179.9 },
    ];
    expect(viewAround(fiji)).toEqual({ south: -17, west: 178.4, north: -16.5, east: -179.9 });
    // A drawn area's box stays a plain range of longitudes.
    expect(boundsOf(fiji)).toMatchObject({ west: -179.9, east: 179.9 });
    const europe = [
      { latitude: 38.7, longitude: -9.1 },
      { latitude: 52.5, longitude: 13.4 },
    ];
    expect(viewAround(europe)).toEqual(boundsOf(europe));
    expect(viewAround([{ latitude: 1, longitude: 2 }])).toEqual({ south: 1, west: 2, north: 1, east: 2 });
  });

  it('puts a point on the copy of the world nearest a view', () => {
    expect(nearestCopy(-179.5, 179.5)).toBe(180.5);
    expect(nearestCopy(179.5, -179.5)).toBe(-180.5);
    expect(nearestCopy(10, 0)).toBe(10);
    expect(nearestCopy(10, 400)).toBe(370);
    // In pixels: a world 256 wide.
    expect(nearestCopy(3, 250, 256)).toBe(259);
  });
});
