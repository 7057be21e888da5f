import { describe, expect, it } from 'vitest';
import { clusterByGrid } from './cluster.ts';
import { boundsAround, distanceKm, formatArea, insidePolygon, parseArea, parsePoint } from '../../lib/geo.ts';

const point = (id: number, x: number, y: number) => ({ x, y, latitude: y / 10, longitude: x / 10, item: { id } });

describe('grid clustering', () => {
  it('joins markers that share a cell and keeps the others single', () => {
    const clusters = clusterByGrid([point(1, 10, 10), point(2, 20, 30), point(3, 200, 10)], (p) => p.id);
    expect(clusters).toHaveLength(2);
    const pair = clusters.find((c) => c.items.length === 2)!;
    expect(pair.key).toBe('cluster:1,2');
    expect(pair.latitude).toBeCloseTo(2);
    expect([pair.south, pair.north, pair.west, pair.east]).toEqual([1, 3, 1, 2]);
    expect(clusters.find((c) => c.items.length === 1)!.key).toBe('3');
  });

  it('joins neighbouring cells whose clusters would overlap, and only those', () => {
    // 60 and 70 lie in two cells but 10 pixels apart; 240 and 290 also in two cells, 50 pixels apart.
    const clusters = clusterByGrid(
      [point(1, 60, 10), point(2, 70, 10), point(3, 240, 10), point(4, 290, 10)],
      (p) => p.id,
    );
    expect(clusters.map((c) => c.key).sort()).toEqual(['3', '4', 'cluster:1,2']);
  });

  it("weighs the server's counts and spans their areas", () => {
    const counted = {
      ...point(1, 10, 10),
      count: 30,
      box: { south: 0.5, north: 1.5, west: 0.5, east: 1.5 },
    };
    const [cluster, ...rest] = clusterByGrid([counted, point(2, 40, 40)], (p) => p.id);
    expect(rest).toEqual([]);
    expect(cluster!.count).toBe(31);
    // The centre of mass leans to the 30 listings at (1, 1), away from the one at (4, 4).
    expect(cluster!.latitude).toBeCloseTo((30 * 1 + 4) / 31);
    expect([cluster!.south, cluster!.north, cluster!.west, cluster!.east]).toEqual([0.5, 4, 0.5, 4]);
  });
});

describe('area and point parameters', () => {
  it('round-trips an area and drops a repeated closing corner', () => {
    const area = parseArea('38.75,-9.2;38.75,-9.1;38.7,-9.1;38.75,-9.2');
    expect(area).toHaveLength(3);
    expect(formatArea(area as never)).toBe('38.75,-9.2;38.75,-9.1;38.7,-9.1');
  });

  it('refuses what is not an area or a point', () => {
    expect(parseArea('1,1;2,2')).toBe('map.area_points');
    expect(parseArea('1,1;2,2;3,1e2')).toBe('map.invalid_longitude');
    expect(parseArea('1,1;2,2;-91,3')).toBe('map.invalid_latitude');
    expect(parsePoint('1;2')).toBe('map.invalid_point');
    expect(parsePoint(' 38.7 , -9.1 ')).toEqual({ latitude: 38.7, longitude: -9.1 });
  });

  it('measures distances and tests points in a concave area', () => {
    // Lisbon to Cairo: about 3,796 km on the great circle.
    const km = distanceKm({ latitude: 38.7223, longitude: -9.1393 }, { latitude: 30.0444, longitude: 31.2357 });
    expect(Math.round(km)).toBe(3796);
    const u = parseArea('20,30;20,33;22,33;22,32;21,32;21,31;22,31;22,30') as { latitude: number; longitude: number }[];
    expect(insidePolygon({ latitude: 21.5, longitude: 30.5 }, u)).toBe(true);
    expect(insidePolygon({ latitude: 21.5, longitude: 31.5 }, u)).toBe(false);
    // A circle over the antimeridian gives a box across it; one that touches the line ends at it.
    const box = boundsAround({ latitude: 0, longitude: 179.9 }, 50);
    expect(box.west).toBeCloseTo(179.45, 2);
    expect(box.east).toBeCloseTo(-179.65, 2);
    const east = boundsAround({ latitude: 0, longitude: -179.9 }, 50);
    expect([east.west, east.east].map((v) => Number(v.toFixed(2)))).toEqual([179.65, -179.45]);
    const touching = boundsAround({ latitude: 0, longitude: 179.55 }, 50);
    expect(touching.east).toBeCloseTo(180, 1);
    expect(touching.west).toBeLessThan(touching.east);
    expect(boundsAround({ latitude: 89.9999999, longitude: 10 }, 50)).toMatchObject({ west: -180, east: 180 });
  });
});
