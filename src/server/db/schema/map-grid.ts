import { sql, type SQL } from 'drizzle-orm';

/**
 * The map's grids: the world cut into square-degree cells, a fine one (0.05°, about 5.5 km north to south) for a
 * town or a city and a coarse one (0.5°) for a region. `property_map` stores each listing's cell of both, and a map
 * view reads the newest listings of the few cells it covers (docs/decisions/021-map-cells.md).
 */
export interface MapGrid {
  /** Cells per degree. */
  perDegree: number;
}

export const FINE_GRID: MapGrid = { perDegree: 20 };
export const COARSE_GRID: MapGrid = { perDegree: 2 };

/**
 * The tally's levels (`property_map_tally`), as cells per degree: 0.01° (about 1.1 km) at level 0, each level's cells
 * twice as wide as the one before, to 1.28° at level 7. A map view counts its listings on the finest level that
 * covers it in a few hundred cells (docs/decisions/022-map-clusters.md). The migration's trigger holds the same list.
 */
export const TALLY_LEVELS = [100, 50, 25, 12.5, 6.25, 3.125, 1.5625, 0.78125] as const;

/** Cells in one row of a grid, one more than a turn of the Earth: longitude 180 has a column of its own. */
const rowWidth = (grid: MapGrid) => 360 * grid.perDegree + 1;

/**
 * The cell number of a point: its row (from the south pole) times the row's width plus its column (from the
 * antimeridian). The database computes the same from the same doubles, so both sides agree on every point.
 */
export function cellOf(grid: MapGrid, latitude: number, longitude: number): number {
  const n = grid.perDegree;
  return (Math.floor(latitude * n) + 90 * n) * rowWidth(grid) + Math.floor(longitude * n) + 180 * n;
}

/** cellOf as a generated column's expression over the row's latitude and longitude. */
export function cellColumnSql(grid: MapGrid): SQL {
  const n = grid.perDegree;
  return sql.raw(
    `(floor("latitude" * ${n})::integer + ${90 * n}) * ${rowWidth(grid)} + floor("longitude" * ${n})::integer + ${180 * n}`,
  );
}

/**
 * The rows and columns of cells, at `perDegree` cells per degree, that a box touches: row r holds latitudes from
 * r / perDegree, column c longitudes from c / perDegree (both counted from 0°, negative to the south and west).
 */
export function cellSpan(perDegree: number, box: { south: number; west: number; north: number; east: number }) {
  return {
    firstRow: Math.floor(box.south * perDegree),
    lastRow: Math.floor(box.north * perDegree),
    firstColumn: Math.floor(box.west * perDegree),
    lastColumn: Math.floor(box.east * perDegree),
  };
}

/** A grid cell a box covers, and whether the cell lies wholly inside the box (not on its edge). */
export interface CoveredCell {
  id: number;
  whole: boolean;
}

/**
 * The cells a box covers on a grid, row by row, or null when there are more than `max` (the box is too large for
 * that grid). A box that crosses the antimeridian (west > east) is never asked: map views are clamped to -180..180.
 */
export function cellsCovering(
  grid: MapGrid,
  box: { south: number; west: number; north: number; east: number },
  max: number,
): CoveredCell[] | null {
  const span = cellSpan(grid.perDegree, box);
  const rows = span.lastRow - span.firstRow + 1;
  const columns = span.lastColumn - span.firstColumn + 1;
  if (rows < 1 || columns < 1 || rows * columns > max) return null;
  const first = cellOf(grid, box.south, box.west);
  const cells: CoveredCell[] = [];
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++)
      cells.push({
        id: first + row * rowWidth(grid) + column,
        whole: row > 0 && row < rows - 1 && column > 0 && column < columns - 1,
      });
  return cells;
}
