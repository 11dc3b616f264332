/**
 * Draws a portrait for the demo school by code: a small flat SVG (about 1-2 KB) of a face with a skin tone from a
 * varied palette, a hair style and colour, eyes, brows, mouth, a shirt and a background. Demo photos must not come
 * from outside images (no licences, no real faces), and the same seed always gives the same picture, so the demo
 * school looks the same on every machine. The SVG has no ids, scripts or links, so it is safe to serve and inline.
 */
import { createRandom, type Random } from './names';

const SKIN: readonly string[] = [
  '#fde3cf',
  '#f6d0b1',
  '#efc39b',
  '#e0ac69',
  '#d49a6a',
  '#c68642',
  '#a9693c',
  '#8d5524',
  '#6f4121',
  '#563117',
];
const HAIR_DARK: readonly string[] = ['#1b1b1b', '#2a1d16', '#3b2417', '#4a2c1a'];
const HAIR_LIGHT: readonly string[] = ['#6a3e24', '#8d5a32', '#a0703f', '#c8a15a', '#e2c27a', '#a2431f', '#c0602b'];
const HAIR_GREY: readonly string[] = ['#9e9e9e', '#c7c7c7', '#707070'];
const EYES: readonly string[] = ['#3b2417', '#4b3621', '#2f5d8a', '#3f7a4a', '#6b4e2e', '#1b1b1b'];
const BACKGROUNDS: readonly string[] = [
  '#cfe8fc',
  '#d7f5e3',
  '#fde7c8',
  '#f9d5e5',
  '#e6dcfb',
  '#d2f1f0',
  '#fff3bf',
  '#e3e8ef',
  '#ffd8cc',
  '#dff0c2',
];
const SHIRTS: readonly string[] = [
  '#1f4e8c',
  '#c0392b',
  '#2e8b57',
  '#f39c12',
  '#6c3483',
  '#17a2b8',
  '#34495e',
  '#e84393',
  '#7f8c8d',
  '#d35400',
  '#ffffff',
  '#2c3e50',
];

const HAIR_STYLES = ['short', 'buzz', 'long', 'bun', 'curly', 'ponytail', 'afro', 'side'] as const;
type HairStyle = (typeof HAIR_STYLES)[number] | 'bald';

const CX = 128;

/** Rounds to an integer so the SVG stays short. */
const r = (n: number): number => Math.round(n);

/** Darkens (amount < 0) or lightens (amount > 0) a #rrggbb colour. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number): string => {
    const c = (n >> shift) & 0xff;
    const v = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return r(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** One SVG element; numbers are rounded so the file stays short. */
function el(name: string, attrs: Readonly<Record<string, string | number>>, children?: string): string {
  const list = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? r(v) : v}"`)
    .join('');
  return children === undefined ? `<${name}${list}/>` : `<${name}${list}>${children}</${name}>`;
}

/** Path data from segments, so long paths read one command to a line. */
const d = (...segments: ReadonlyArray<string>): string => segments.join('');

const LINE = { fill: 'none', 'stroke-linecap': 'round' } as const;
const LIPS = '#8a3b2e';

interface Face {
  cy: number;
  rx: number;
  ry: number;
}

/** The parts of the hair drawn behind the head (long hair, afro, bun, ponytail). */
function hairBack(style: HairStyle, f: Face, color: string, rnd: Random): string {
  const top = f.cy - f.ry - 14;
  switch (style) {
    case 'long': {
      const w = f.rx + 14;
      const bottom = f.cy + f.ry + rnd.int(10, 40);
      const path = d(
        `M${CX - w} ${f.cy}`,
        `Q${CX - w} ${top} ${CX} ${top}`,
        `Q${CX + w} ${top} ${CX + w} ${f.cy}`,
        `V${bottom}H${CX - w}Z`,
      );
      return el('path', { d: path, fill: color });
    }
    case 'afro':
      return el('circle', { cx: CX, cy: f.cy - 14, r: f.rx + 30, fill: color });
    case 'bun':
      return el('circle', { cx: CX, cy: f.cy - f.ry - 10, r: rnd.int(18, 24), fill: color });
    case 'ponytail': {
      const side = rnd.chance(0.5) ? 1 : -1;
      return el('ellipse', { cx: CX + side * (f.rx + 8), cy: f.cy + 10, rx: 14, ry: rnd.int(32, 44), fill: color });
    }
    default:
      return '';
  }
}

/** The parts of the hair drawn over the head: the cap and the fringe. */
function hairFront(style: HairStyle, f: Face, color: string, rnd: Random): string {
  if (style === 'bald') {
    // Short hair at the sides only.
    const y = r(f.cy - 8);
    return el('path', {
      d: d(`M${CX - f.rx - 2} ${y + 24}V${y}h8v20Z`, `M${CX + f.rx + 2} ${y + 24}V${y}h-8v20Z`),
      fill: color,
    });
  }
  if (style === 'afro') return '';
  if (style === 'curly') {
    let curls = '';
    for (let i = 0; i <= 8; i++) {
      const a = Math.PI * (1 + i / 8);
      const cx = CX + Math.cos(a) * (f.rx + 2);
      const cy = f.cy - 12 + Math.sin(a) * (f.ry + 2);
      curls += el('circle', { cx, cy, r: rnd.int(13, 17) });
    }
    return el('g', { fill: color }, curls);
  }
  const left = r(CX - f.rx - 3);
  const right = r(CX + f.rx + 3);
  const edge = r(f.cy - f.ry * (style === 'buzz' ? 0.45 : 0.25));
  const arc = `M${left} ${edge}A${r(f.rx + 3)} ${r(f.ry + 4)} 0 0 1 ${right} ${edge}`;
  const fringeY = r(f.cy - f.ry * 0.55);
  if (style === 'side') {
    const part = r(CX + (rnd.chance(0.5) ? -1 : 1) * f.rx * 0.4);
    const path = d(
      arc,
      `Q${part} ${fringeY - 12} ${part} ${fringeY - 22}`,
      `Q${r(CX - f.rx * 0.2)} ${fringeY + 4} ${left} ${edge}Z`,
    );
    return el('path', { d: path, fill: color });
  }
  // short, buzz, long, bun, ponytail: a cap with a gently uneven fringe.
  const dip = style === 'buzz' ? 6 : rnd.int(8, 16);
  const path = d(
    arc,
    `Q${r(CX + f.rx * 0.5)} ${fringeY - dip} ${CX} ${fringeY}`,
    `Q${r(CX - f.rx * 0.5)} ${fringeY - dip} ${left} ${edge}Z`,
  );
  return el('path', { d: path, fill: color });
}

/** Eyes (dots, open with a coloured iris, or smiling arcs) and brows. */
function eyes(f: Face, hair: string, rnd: Random): string {
  const y = r(f.cy + 2);
  const dx = r(f.rx * 0.42);
  const iris = rnd.pick(EYES);
  const dark = '#2b1a12';
  const style = rnd.int(0, 2);
  let out = '';
  for (const x of [CX - dx, CX + dx]) {
    if (style === 0) out += el('circle', { cx: x, cy: y, r: 6, fill: dark });
    else if (style === 1)
      out +=
        el('ellipse', { cx: x, cy: y, rx: 10, ry: 7, fill: '#fff' }) + el('circle', { cx: x, cy: y, r: 5, fill: iris });
    else out += el('path', { d: `M${x - 8} ${y + 2}q8-9 16 0`, stroke: dark, 'stroke-width': 4, ...LINE });
  }
  const browY = y - rnd.int(14, 18);
  const tilt = rnd.int(-2, 2);
  const brows = d(
    `M${CX - dx - 10} ${browY + tilt}l18-${3 + tilt}`,
    `M${CX + dx + 10} ${browY + tilt}l-18-${3 + tilt}`,
  );
  return out + el('path', { d: brows, stroke: shade(hair, -0.2), 'stroke-width': 5, ...LINE });
}

/** Nose, mouth (smile, open smile or calm) and sometimes rosy cheeks. */
function nose(f: Face, skin: string, rnd: Random): string {
  let out = el('path', {
    d: `M${CX} ${r(f.cy + 10)}q-5 12 2 14`,
    stroke: shade(skin, -0.25),
    'stroke-width': 3,
    ...LINE,
  });
  const y = r(f.cy + f.ry * 0.5);
  const w = rnd.int(12, 18);
  const mouth = rnd.int(0, 2);
  if (mouth === 0) {
    out += el('path', {
      d: `M${CX - w} ${y}q${w} ${rnd.int(10, 16)} ${w * 2} 0`,
      stroke: LIPS,
      'stroke-width': 4,
      ...LINE,
    });
  } else if (mouth === 1) {
    out += el('path', { d: `M${CX - w} ${y}h${w * 2}q-${w} ${rnd.int(14, 20)}-${w * 2} 0Z`, fill: LIPS });
    out += el('path', { d: `M${CX - w + 4} ${y + 1}h${w * 2 - 8}v4h-${w * 2 - 8}Z`, fill: '#fff' });
  } else {
    out += el('path', {
      d: `M${CX - w + 4} ${y + 4}q${w - 4} 5 ${w * 2 - 8} 0`,
      stroke: LIPS,
      'stroke-width': 4,
      ...LINE,
    });
  }
  if (rnd.chance(0.4)) {
    const cy = f.cy + f.ry * 0.28;
    const dx = f.rx * 0.62;
    const cheeks = el('circle', { cx: CX - dx, cy, r: 9 }) + el('circle', { cx: CX + dx, cy, r: 9 });
    out += el('g', { fill: '#f08080', opacity: '.3' }, cheeks);
  }
  return out;
}

/** Neck, shirt and collar (round or V). */
function body(f: Face, skin: string, shirt: string, adult: boolean, rnd: Random): string {
  const neckTop = f.cy + f.ry - 12;
  const y = f.cy + f.ry + 22;
  const reach = adult ? 100 : 88;
  const neck = el('rect', { x: CX - 20, y: neckTop, width: 40, height: y - neckTop + 8, fill: shade(skin, -0.12) });
  const torso = d(
    `M${CX - reach} 256`,
    `C${CX - reach} ${y + 4} ${CX - 50} ${y} ${CX} ${y}`,
    `C${CX + 50} ${y} ${CX + reach} ${y + 4} ${CX + reach} 256Z`,
  );
  const depth = rnd.int(16, 26);
  const collar = rnd.chance(0.5) ? `M${CX - 20} ${y}l20 ${depth}l20-${depth}` : `M${CX - 22} ${y}q22 16 44 0`;
  return (
    neck +
    el('path', { d: torso, fill: shirt }) +
    el('path', { d: collar, stroke: shade(shirt, -0.3), 'stroke-width': 4, fill: 'none' })
  );
}

/** A full beard around the jaw, for some adults. */
function beard(f: Face, color: string): string {
  const y = f.cy + 12;
  const chin = f.cy + f.ry + 8;
  const path = d(
    `M${CX - f.rx + 2} ${y}`,
    `Q${CX - f.rx + 6} ${chin} ${CX} ${chin}`,
    `Q${CX + f.rx - 6} ${chin} ${CX + f.rx - 2} ${y}`,
    `Q${CX} ${y + 34} ${CX - f.rx + 2} ${y}Z`,
  );
  return el('path', { d: path, fill: color });
}

/** Round glasses. */
function glasses(f: Face): string {
  const y = f.cy + 2;
  const dx = r(f.rx * 0.42);
  const frames =
    el('circle', { cx: CX - dx, cy: y, r: 14 }) +
    el('circle', { cx: CX + dx, cy: y, r: 14 }) +
    el('path', { d: `M${CX - dx + 14} ${y}h${2 * dx - 28}` });
  return el('g', { stroke: '#333', 'stroke-width': 3, fill: 'none' }, frames);
}

/** Draws a deterministic SVG portrait from a seed string; adults get grown-up proportions, grey hair and beards. */
export function drawAvatar(seed: string, opts: { adult?: boolean } = {}): string {
  const adult = opts.adult === true;
  const rnd = createRandom(`avatar:${seed}`);
  const skinIndex = rnd.int(0, SKIN.length - 1);
  const skin = SKIN[skinIndex] ?? '#e0ac69';
  // Darker skin tones mostly come with dark hair; lighter ones with any colour.
  const darkHairOnly = skinIndex >= 6 || rnd.chance(0.55);
  let hair = rnd.pick(darkHairOnly ? HAIR_DARK : HAIR_LIGHT);
  if (adult && rnd.chance(0.15)) hair = rnd.pick(HAIR_GREY);
  let style: HairStyle = rnd.pick(HAIR_STYLES);
  if (adult && rnd.chance(0.08)) style = 'bald';
  const shape = rnd.int(0, 2); // round, oval, wide
  const face: Face = {
    cy: adult ? 112 : 118,
    rx: ([52, 46, 56][shape] ?? 52) - (adult ? 0 : 3),
    ry: ([58, 64, 56][shape] ?? 58) - (adult ? 0 : 5),
  };
  const ears =
    el('ellipse', { cx: CX - face.rx, cy: face.cy + 4, rx: 9, ry: 13 }) +
    el('ellipse', { cx: CX + face.rx, cy: face.cy + 4, rx: 9, ry: 13 });
  const head = el('g', { fill: skin }, ears + el('ellipse', { cx: CX, cy: face.cy, rx: face.rx, ry: face.ry }));
  const parts = [
    el('rect', { width: 256, height: 256, fill: rnd.pick(BACKGROUNDS) }),
    hairBack(style, face, hair, rnd),
    body(face, skin, rnd.pick(SHIRTS), adult, rnd),
    head,
    adult && (style === 'short' || style === 'buzz' || style === 'bald') && rnd.chance(0.3) ? beard(face, hair) : '',
    eyes(face, hair, rnd),
    nose(face, skin, rnd),
    hairFront(style, face, hair, rnd),
    rnd.chance(adult ? 0.25 : 0.1) ? glasses(face) : '',
  ];
  return el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width: 256, height: 256, viewBox: '0 0 256 256' },
    parts.join(''),
  );
}
