import { describe, expect, it } from 'vitest';
import { cellOf, cellsCovering, cellSpan, COARSE_GRID, columnCount, FINE_GRID } from './map-grid.ts';

describe('map grid cells', () => {
  it('numbers neighbouring cells one apart along a row and one row width apart along a column', () => {
    const here = cellOf(FINE_GRID, 38.71, -9.14);
    expect(cellOf(FINE_GRID, 38.71, -9.09)).toBe(here + 1);
    expect(cellOf(FINE_GRID, 38.76, -9.14)).toBe(here + 360 * 20 + 1);
    // Edges belong to the cell to their north and east; negative coordinates round down, not towards zero.
    expect(cellOf(FINE_GRID, 38.75, -9.1)).toBe(cellOf(FINE_GRID, 38.7501, -9.0999));
    expect(cellOf(FINE_GRID, -0.01, -0.01)).toBe(cellOf(FINE_GRID, 0, 0) - 360 * 20 - 1 - 1);
  });

  it('keeps every cell of the world distinct and positive', () => {
    expect(cellOf(FINE_GRID, -90, -180)).toBe(0);
    expect(cellOf(FINE_GRID, 90, 180)).toBe(3600 * 7201 + 7200);
    expect(cellOf(FINE_GRID, 90, 180)).toBeLessThan(2 ** 31);
    expect(cellOf(COARSE_GRID, 90, 180)).toBe(360 * 721 + 720);
  });

  it('lists the cells a box covers, row by row, and gives up past the maximum', () => {
    // A 10 by 14 km view of Lisbon: 3 rows of fine cells by 4 columns.
    const view = { south: 38.6773, north: 38.7673, west: -9.2193, east: -9.0593 };
    const covered = cellsCovering(FINE_GRID, view, 48)!;
    const cells = covered.map((cell) => cell.id);
    expect(cells).toHaveLength(12);
    // Only the two cells in the middle of the middle row lie wholly inside the view.
    expect(covered.filter((cell) => cell.whole).map((cell) => cell.id)).toEqual([cells[5], cells[6]]);
    expect(cells[0]).toBe(cellOf(FINE_GRID, view.south, view.west));
    expect(cells.at(-1)).toBe(cellOf(FINE_GRID, view.north, view.east));
    expect(new Set(cells).size).toBe(12);
    // Every point of the view falls in one of them.
    for (let i = 0; i <= 10; i++)
      for (let j = 0; j <= 10; j++) {
        const latitude = view.south + ((view.north - view.south) * i) / 10;
        const longitude = view.west + ((view.east - view.west) * j) / 10;
        expect(cells).toContain(cellOf(FINE_GRID, latitude, longitude));
      }
    expect(cellsCovering(FINE_GRID, view, 11)).toBeNull();
    // A point is one cell; a region is too many fine cells but few coarse ones.
    expect(cellsCovering(FINE_GRID, { south: 1, north: 1, west: 2, east: 2 }, 48)).toEqual([
      { id: cellOf(FINE_GRID, 1, 2), whole: false },
    ]);
    const region = { south: 45.1, north: 45.9, west: -74.3, east: -72.9 };
    expect(cellsCovering(FINE_GRID, region, 48)).toBeNull();
    expect(cellsCovering(COARSE_GRID, region, 48)).toHaveLength(8);
  });

  it('covers a box across the antimeridian on both sides of the line, the columns at the line inside it', () => {
    // Taveuni, from 179.87° E eastwards over the line to 179.87° W: 3 rows by 4 + 3 columns (the last west of the
    // line holds longitude 180 itself).
    const view = { south: -16.99, north: -16.86, west: 179.87, east: -179.87 };
    const covered = cellsCovering(FINE_GRID, view, 48)!;
    const cells = covered.map((cell) => cell.id);
    expect(cells).toHaveLength(21);
    expect(new Set(cells).size).toBe(21);
    for (let i = 0; i <= 10; i++)
      for (const longitude of [179.87, 179.9, 179.95, 179.99, 180, -180, -179.99, -179.9, -179.87]) {
        const latitude = view.south + ((view.north - view.south) * i) / 10;
        expect(cells).toContain(cellOf(FINE_GRID, latitude, longitude));
      }
    // Whole: the middle row but its first and last columns, so the columns on both sides of the line.
    const whole = covered.filter((cell) => cell.whole).map((cell) => cell.id);
    expect(whole).toEqual(cells.slice(8, 13));
    for (const longitude of [179.99, 180, -179.99]) expect(whole).toContain(cellOf(FINE_GRID, -16.92, longitude));
    // Nothing on the far side of the world.
    expect(cells).not.toContain(cellOf(FINE_GRID, -16.9, 0));
  });

  it('takes no column twice when both edges of a box across the line fall in one', () => {
    const span = cellSpan(2, { south: 0, west: 10.4, north: 1, east: 10.2 });
    expect(span.columns).toEqual([
      { first: 20, last: 360 },
      { first: -360, last: 19 },
    ]);
    expect(columnCount(span.columns)).toBe(721);
  });
});
