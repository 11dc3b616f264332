// Generates the app icons (PNG for the web app manifest and Apple, SVG favicon) from one shape definition.
// Why code and not an image tool: the machines that build this project have no image software, and a drawing
// kept as data stays reviewable and reproducible. Run `node scripts/make-icons.mjs`; the output is committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const iconsDir = join(publicDir, 'icons');

/** Brand colour (manifest theme_color) as RGB. */
const BACKGROUND = [0x34, 0x49, 0x55];
const FOREGROUND = [0xff, 0xff, 0xff];

// The mark: a schoolhouse with a bell tower, in a 100 x 100 design space. `solid` shapes are white,
// `holes` (windows, door, bell opening) are cut back to the background colour.
const GLYPH = {
  center: [50, 48],
  solid: [
    {
      kind: 'polygon',
      points: [
        [38, 16],
        [50, 4],
        [62, 16],
      ],
    },
    { kind: 'rect', x: 42, y: 14, width: 16, height: 18 },
    {
      kind: 'polygon',
      points: [
        [6, 50],
        [50, 24],
        [94, 50],
      ],
    },
    { kind: 'rect', x: 14, y: 48, width: 72, height: 44 },
  ],
  holes: [
    { kind: 'rect', x: 46.5, y: 18, width: 7, height: 9 },
    { kind: 'rect', x: 42, y: 66, width: 16, height: 26 },
    { kind: 'rect', x: 22, y: 58, width: 12, height: 12 },
    { kind: 'rect', x: 66, y: 58, width: 12, height: 12 },
  ],
};

/** Largest distance (design units) from the glyph centre to any point of the glyph: its corners. */
const GLYPH_RADIUS = Math.max(
  ...GLYPH.solid
    .flatMap((shape) => corners(shape))
    .map(([x, y]) => Math.hypot(x - GLYPH.center[0], y - GLYPH.center[1])),
);

function corners(shape) {
  if (shape.kind === 'polygon') return shape.points;
  const { x, y, width, height } = shape;
  return [
    [x, y],
    [x + width, y],
    [x, y + height],
    [x + width, y + height],
  ];
}

function insideShape(shape, x, y) {
  if (shape.kind === 'rect') {
    return x >= shape.x && x <= shape.x + shape.width && y >= shape.y && y <= shape.y + shape.height;
  }
  // Even-odd ray casting.
  let inside = false;
  const pts = shape.points;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideGlyph(x, y) {
  return GLYPH.solid.some((s) => insideShape(s, x, y)) && !GLYPH.holes.some((s) => insideShape(s, x, y));
}

function insideRoundedSquare(x, y, size, radius) {
  if (x < 0 || y < 0 || x > size || y > size) return false;
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

/**
 * Renders one icon as RGBA pixels with 5 x 5 supersampling for smooth edges.
 * `glyphRadius` is the fraction of the icon size the glyph's farthest corner may reach from the centre;
 * `cornerRadius` rounds the background (0 for full-bleed icons that the platform masks itself).
 */
function render(size, { glyphRadius, cornerRadius }) {
  const scale = (glyphRadius * size) / GLYPH_RADIUS;
  const samples = 5;
  const pixels = Buffer.alloc(size * size * 4);
  let farthest = 0;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let background = 0;
      let glyph = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = px + (sx + 0.5) / samples;
          const y = py + (sy + 0.5) / samples;
          if (!insideRoundedSquare(x, y, size, cornerRadius * size)) continue;
          background++;
          const gx = (x - size / 2) / scale + GLYPH.center[0];
          const gy = (y - size / 2) / scale + GLYPH.center[1];
          if (insideGlyph(gx, gy)) {
            glyph++;
            farthest = Math.max(farthest, Math.hypot(x - size / 2, y - size / 2));
          }
        }
      }
      const offset = (py * size + px) * 4;
      if (background === 0) continue;
      const g = glyph / background;
      for (let c = 0; c < 3; c++) pixels[offset + c] = Math.round(FOREGROUND[c] * g + BACKGROUND[c] * (1 - g));
      pixels[offset + 3] = Math.round((255 * background) / (samples * samples));
    }
  }
  return { pixels, farthest };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes RGBA pixels as a PNG: 8-bit truecolour with alpha, no interlace, filter 0 on every row. */
function encodePng(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0;
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function hex([r, g, b]) {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function svgShape(shape, fill) {
  if (shape.kind === 'rect') {
    return `<rect x="${shape.x}" y="${shape.y}" width="${shape.width}" height="${shape.height}" fill="${fill}"/>`;
  }
  return `<polygon points="${shape.points.map((p) => p.join(',')).join(' ')}" fill="${fill}"/>`;
}

/** The favicon: the same drawing as the PNGs, on a rounded square, scaled to the "any" icons' proportions. */
function faviconSvg() {
  const scale = (ANY.glyphRadius * 100) / GLYPH_RADIUS;
  const [cx, cy] = GLYPH.center;
  const transform = `translate(50 50) scale(${scale.toFixed(4)}) translate(${-cx} ${-cy})`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
    `<rect width="100" height="100" rx="${ANY.cornerRadius * 100}" fill="${hex(BACKGROUND)}"/>`,
    `<g transform="${transform}">`,
    ...GLYPH.solid.map((s) => svgShape(s, hex(FOREGROUND))),
    ...GLYPH.holes.map((s) => svgShape(s, hex(BACKGROUND))),
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}

// "any" icons: rounded square, glyph large. Maskable and Apple icons: full bleed (the platform applies its own
// mask), glyph kept inside the maskable safe zone, the central circle of radius 40% of the icon size
// (https://w3c.github.io/manifest/#icon-masks); 0.36 leaves a margin for anti-aliased edges.
const ANY = { glyphRadius: 0.42, cornerRadius: 0.18 };
const FULL_BLEED = { glyphRadius: 0.36, cornerRadius: 0 };
const SAFE_ZONE = 0.4;

const outputs = [
  ...[48, 72, 96, 128, 144, 152, 192, 256, 384, 512].map((size) => ({
    file: join(iconsDir, `icon-${size}.png`),
    size,
    style: ANY,
  })),
  ...[192, 512].map((size) => ({
    file: join(iconsDir, `maskable-${size}.png`),
    size,
    style: FULL_BLEED,
    maskable: true,
  })),
  { file: join(publicDir, 'apple-touch-icon.png'), size: 180, style: FULL_BLEED },
];

mkdirSync(iconsDir, { recursive: true });
for (const { file, size, style, maskable } of outputs) {
  const { pixels, farthest } = render(size, style);
  if (maskable && farthest > SAFE_ZONE * size) {
    throw new Error(`${file}: glyph reaches ${farthest.toFixed(1)} px from the centre, outside the safe zone`);
  }
  writeFileSync(file, encodePng(size, pixels));
  console.log(`${file.slice(publicDir.length + 1)} ${size}x${size}`);
}
writeFileSync(join(publicDir, 'favicon.svg'), faviconSvg());
console.log('favicon.svg');
