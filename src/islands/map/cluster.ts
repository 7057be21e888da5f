import type { Bounds } from './geo.ts';

/**
 * Grid clustering of map markers, in screen pixels at the current zoom: markers whose projected positions fall
 * in the same cell become one cluster, drawn at their average position with their count. A few lines instead of
 * a plugin (Leaflet.markercluster patches the global `L` and weighs 10 KB more); it is re-run on every zoom. A
 * point may stand for several listings (the server's counts for a crowded view): it then weighs `count` and
 * brings the box of its area.
 */

export interface Projected<T> {
  /** Pixel position at the current zoom (Leaflet's map.project, Google's world coordinates times 2^zoom). */
  x: number;
  y: number;
  latitude: number;
  longitude: number;
  item: T;
  /** Listings the point stands for (1 when absent). */
  count?: number | undefined;
  /** The area they lie in (the point itself when absent). */
  box?: Bounds | undefined;
}

export interface Cluster<T> {
  /** Stable while the same markers share a cell, so the map can reuse its marker. */
  key: string;
  latitude: number;
  longitude: number;
  items: T[];
  /** Listings in it: its members' counts added up. */
  count: number;
  /** The box around the members: zooming to it splits the cluster. */
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Cell size: about a marker and a half, so labels of neighbouring single markers do not overlap much. */
export const CLUSTER_CELL_PX = 64;

export function clusterByGrid<T>(
  points: readonly Projected<T>[],
  keyOf: (item: T) => string | number,
  cellPx = CLUSTER_CELL_PX,
): Cluster<T>[] {
  const cells = new Map<string, Projected<T>[]>();
  for (const p of points) {
    const cell = `${Math.floor(p.x / cellPx)}:${Math.floor(p.y / cellPx)}`;
    const members = cells.get(cell);
    if (members) members.push(p);
    else cells.set(cell, [p]);
  }
  return [...cells.values()].map((members) => {
    let latitude = 0;
    let longitude = 0;
    let count = 0;
    let south = 90;
    let north = -90;
    let west = 180;
    let east = -180;
    for (const m of members) {
      const weight = m.count ?? 1;
      const box = m.box ?? { south: m.latitude, north: m.latitude, west: m.longitude, east: m.longitude };
      latitude += m.latitude * weight;
      longitude += m.longitude * weight;
      count += weight;
      south = Math.min(south, box.south);
      north = Math.max(north, box.north);
      west = Math.min(west, box.west);
      east = Math.max(east, box.east);
    }
    const keys = members.map((m) => String(keyOf(m.item))).sort();
    return {
      key: members.length === 1 ? keys[0]! : `cluster:${keys.join(',')}`,
      latitude: latitude / count,
      longitude: longitude / count,
      items: members.map((m) => m.item),
      count,
      south,
      west,
      north,
      east,
    };
  });
}
