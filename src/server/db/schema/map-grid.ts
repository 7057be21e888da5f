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

/** The number of the cell in a row (from the equator) and a column (from the prime meridian) of a grid. */
const cellNumber = (grid: MapGrid, row: number, column: number) =>
  (row + 90 * grid.perDegree) * rowWidth(grid) + column + 180 * grid.perDegree;

/**
 * The cell number of a point: its row (from the south pole) times the row's width plus its column (from the
 * antimeridian). The database computes the same from the same doubles, so both sides agree on every point.
 */
export function cellOf(grid: MapGrid, latitude: number, longitude: number): number {
  const n = grid.perDegree;
  return cellNumber(grid, Math.floor(latitude * n), Math.floor(longitude * n));
}

/** cellOf as a generated column's expression over the row's latitude and longitude. */
export function cellColumnSql(grid: MapGrid): SQL {
  const n = grid.perDegree;
  return sql.raw(
    `(floor("latitude" * ${n})::integer + ${90 * n}) * ${rowWidth(grid)} + floor("longitude" * ${n})::integer + ${180 * n}`,
  );
}

/** Columns of cells side by side, from `first` to `last`, west to east. */
export interface ColumnRun {
  first: number;
  last: number;
}

/**
 * The rows and columns of cells, at `perDegree` cells per degree, that a box touches: row r holds latitudes from
 * r / perDegree, column c longitudes from c / perDegree (both counted from 0°, negative to the south and west).
 * The columns are one run, or two for a box across the antimeridian (west > east): from its west edge to the
 * column of longitude 180, and from the column of -180 to its east edge, or to the column before its west edge's
 * when both edges fall in one column (a box nearly as wide as the world), so that no column is taken twice.
 */
export function cellSpan(perDegree: number, box: { south: number; west: number; north: number; east: number }) {
  const column = (longitude: number) => Math.floor(longitude * perDegree);
  const columns: ColumnRun[] =
    box.west > box.east
      ? [
          { first: column(box.west), last: column(180) },
          { first: column(-180), last: Math.min(column(box.east), column(box.west) - 1) },
        ]
      : [{ first: column(box.west), last: column(box.east) }];
  return { firstRow: Math.floor(box.south * perDegree), lastRow: Math.floor(box.north * perDegree), columns };
}

/** How many columns some runs hold. */
export const columnCount = (runs: readonly ColumnRun[]) => runs.reduce((n, run) => n + run.last - run.first + 1, 0);

/** A grid cell a box covers, and whether the cell lies wholly inside the box (not on its edge). */
export interface CoveredCell {
  id: number;
  whole: boolean;
}

/**
 * The cells a box covers on a grid, row by row, or null when there are more than `max` (the box is too large for
 * that grid). A box across the antimeridian covers the cells on both sides of it; the columns at the line lie
 * inside such a box, not on its edge.
 */
export function cellsCovering(
  grid: MapGrid,
  box: { south: number; west: number; north: number; east: number },
  max: number,
): CoveredCell[] | null {
  const span = cellSpan(grid.perDegree, box);
  const rows = span.lastRow - span.firstRow + 1;
  const columns = columnCount(span.columns);
  if (rows < 1 || columns < 1 || rows * columns > max) return null;
  const across = span.columns.flatMap((run) =>
    Array.from({ length: run.last - run.first + 1 }, (_, i) => run.first + i),
  );
  const cells: CoveredCell[] = [];
  for (let row = span.firstRow; row <= span.lastRow; row++)
    across.forEach((column, i) =>
      cells.push({
        id: cellNumber(grid, row, column),
        whole: row > span.firstRow && row < span.lastRow && i > 0 && i < columns - 1,
      }),
    );
  return cells;
}
