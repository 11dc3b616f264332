import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrMatrix, qrPath, qrSide, qrSvg } from './qr-svg';

/** Draws a path of `M x y h n v1 h-n z` runs back into a matrix of the given side. */
function paint(path: string, side: number): boolean[][] {
  const grid = Array.from({ length: side }, () => Array<boolean>(side).fill(false));
  for (const [, x, y, n] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(n); i++) {
      const row = grid[Number(y)];
      if (row) row[Number(x) + i] = true;
    }
  }
  return grid;
}

describe('QR matrix to SVG', () => {
  it('draws each dark module, one run per stretch, inside a quiet zone of four modules', () => {
    const matrix = [
      [true, true, false, true],
      [false, false, false, false],
      [true, false, true, true],
      [false, true, true, true],
    ];
    const path = qrPath(matrix);
    expect(path).toBe('M4 4h2v1h-2zM7 4h1v1h-1zM4 6h1v1h-1zM6 6h2v1h-2zM5 7h3v1h-3z');
    const side = qrSide(matrix);
    expect(side).toBe(4 + 2 * QUIET_ZONE);
    const drawn = paint(path, side);
    // The quiet zone is light all round; inside, the drawing is the matrix.
    expect(drawn.slice(0, 4).flat().some(Boolean)).toBe(false);
    expect(drawn.slice(8).flat().some(Boolean)).toBe(false);
    expect(drawn.every((row) => !row.slice(0, 4).some(Boolean) && !row.slice(8).some(Boolean))).toBe(true);
    expect(drawn.slice(4, 8).map((row) => row.slice(4, 8))).toEqual(matrix);
  });

  it('encodes a badge code into a real QR matrix (version 1 is 21 modules; finder patterns in three corners)', () => {
    const matrix = qrMatrix('B7K2M9Q4');
    expect(matrix.length).toBe(21);
    expect(matrix.every((row) => row.length === 21)).toBe(true);
    const finder = (x: number, y: number) => matrix[y]?.slice(x, x + 7).every(Boolean) === true;
    expect(finder(0, 0) && finder(14, 0) && finder(0, 14)).toBe(true);
    // The drawing holds exactly the dark modules of the matrix.
    const drawn = paint(qrPath(matrix), qrSide(matrix));
    expect(drawn.slice(4, 25).map((row) => row.slice(4, 25))).toEqual(matrix);
  });

  it('makes a crisp black-on-white SVG document with the quiet zone in its view box', () => {
    const svg = qrSvg('B7K2M9Q4');
    expect(svg).toContain('viewBox="0 0 29 29"');
    expect(svg).toContain('shape-rendering="crispEdges"');
    expect(svg).toContain('<rect width="29" height="29" fill="#fff"/>');
    expect(svg).not.toContain('B7K2M9Q4');
  });
});
