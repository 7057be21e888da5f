import type { Bounds } from '../../lib/geo.ts';

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

/** Markers whose centres are closer than this would overlap (a cluster marker is 2.25rem across). */
const OVERLAP_PX = 36;

export function clusterByGrid<T>(
  points: readonly Projected<T>[],
  keyOf: (item: T) => string | number,
  cellPx = CLUSTER_CELL_PX,
): Cluster<T>[] {
  const cells = new Map<string, { column: number; row: number; members: Projected<T>[] }>();
  for (const p of points) {
    const column = Math.floor(p.x / cellPx);
    const row = Math.floor(p.y / cellPx);
    const cell = cells.get(`${column}:${row}`);
    if (cell) cell.members.push(p);
    else cells.set(`${column}:${row}`, { column, row, members: [p] });
  }
  return joinOverlapping([...cells.values()]).map((members) => clusterOf(members, keyOf));
}

/**
 * Cells whose clusters would be drawn on top of each other (their centres, on either side of a cell's edge, closer
 * than a marker) become one: each cell is compared with its neighbours only.
 */
function joinOverlapping<T>(cells: { column: number; row: number; members: Projected<T>[] }[]): Projected<T>[][] {
  const centre = cells.map(({ members }) => {
    let weight = 0;
    let x = 0;
    let y = 0;
    for (const m of members) {
      const w = m.count ?? 1;
      weight += w;
      x += m.x * w;
      y += m.y * w;
    }
    return { x: x / weight, y: y / weight };
  });
  const index = new Map(cells.map((c, i) => [`${c.column}:${c.row}`, i]));
  const parent = cells.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  cells.forEach((cell, i) => {
    for (const [dx, dy] of [
      [1, -1],
      [1, 0],
      [1, 1],
      [0, 1],
    ] as const) {
      const j = index.get(`${cell.column + dx}:${cell.row + dy}`);
      if (j === undefined) continue;
      if (Math.hypot(centre[i]!.x - centre[j]!.x, centre[i]!.y - centre[j]!.y) < OVERLAP_PX) parent[root(j)] = root(i);
    }
  });
  const joined = new Map<number, Projected<T>[]>();
  cells.forEach((cell, i) => {
    const members = joined.get(root(i));
    if (members) members.push(...cell.members);
    else joined.set(root(i), [...cell.members]);
  });
  return [...joined.values()];
}

function clusterOf<T>(members: Projected<T>[], keyOf: (item: T) => string | number): Cluster<T> {
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
}
