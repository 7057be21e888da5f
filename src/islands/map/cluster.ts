/**
 * Grid clustering of map markers, in screen pixels at the current zoom: markers whose projected positions fall
 * in the same cell become one cluster, drawn at their average position with their count. A few lines instead of
 * a plugin (Leaflet.markercluster patches the global `L` and weighs 10 KB more); it is re-run on every zoom.
 */

export interface Projected<T> {
  /** Pixel position at the current zoom (Leaflet's map.project, Google's world coordinates times 2^zoom). */
  x: number;
  y: number;
  latitude: number;
  longitude: number;
  item: T;
}

export interface Cluster<T> {
  /** Stable while the same markers share a cell, so the map can reuse its marker. */
  key: string;
  latitude: number;
  longitude: number;
  items: T[];
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
    let south = 90;
    let north = -90;
    let west = 180;
    let east = -180;
    for (const m of members) {
      latitude += m.latitude;
      longitude += m.longitude;
      south = Math.min(south, m.latitude);
      north = Math.max(north, m.latitude);
      west = Math.min(west, m.longitude);
      east = Math.max(east, m.longitude);
    }
    const keys = members.map((m) => String(keyOf(m.item))).sort();
    return {
      key: members.length === 1 ? keys[0]! : `cluster:${keys.join(',')}`,
      latitude: latitude / members.length,
      longitude: longitude / members.length,
      items: members.map((m) => m.item),
      south,
      west,
      north,
      east,
    };
  });
}
