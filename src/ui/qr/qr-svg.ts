/**
 * QR codes for the badges (the scholars' cards, a staff member's own badge), made on the device with `uqr` (no
 * request, no personal data leaves it): the badge's opaque code becomes a boolean matrix, drawn as one SVG path of
 * dark runs with a quiet zone of four modules on each side (ISO/IEC 18004 asks for four, and scanners miss a code that
 * touches the card's edge). `crispEdges` keeps the modules sharp when printed at any size.
 */
import { encode } from 'uqr';

/** Light modules around the code on each side. */
export const QUIET_ZONE = 4;

/** The code's modules, row by row: true for dark. Error correction M: a badge gets scuffed in a lanyard. */
export function qrMatrix(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 0 }).data;
}

/** The SVG path of the dark modules, one `h` run per horizontal stretch, offset by the quiet zone. */
export function qrPath(matrix: readonly (readonly boolean[])[], quiet = QUIET_ZONE): string {
  const parts: string[] = [];
  matrix.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      parts.push(`M${start + quiet} ${y + quiet}h${x - start}v1h-${x - start}z`);
    }
  });
  return parts.join('');
}

/** The SVG's side in modules: the code and its quiet zone on both sides. */
export const qrSide = (matrix: readonly (readonly boolean[])[], quiet = QUIET_ZONE) => matrix.length + 2 * quiet;

/** A whole SVG document of the code (for a download or an <img>), black on white. */
export function qrSvg(text: string, quiet = QUIET_ZONE): string {
  const matrix = qrMatrix(text);
  const side = qrSide(matrix, quiet);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${qrPath(matrix, quiet)}" fill="#000"/></svg>`;
}
