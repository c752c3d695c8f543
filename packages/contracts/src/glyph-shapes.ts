/**
 * The shapes of the product's glyphs as plain path data and numbers, without React or CSS: the web app draws them as
 * components (apps/web/src/components/glyphs) and the server draws the same shapes into share images.
 */

/** A circle as path data, so a glyph can be one list of paths. */
export const circle = (cx: number, cy: number, r: number): string =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

/** A four-pointed sparkle centred on (x, y) with arm length r. */
export const sparkle = (x: number, y: number, r: number): string => {
  const w = r / 3;
  return `M${x} ${y - r}L${x + w} ${y - w}L${x + r} ${y}L${x + w} ${y + w}L${x} ${y + r}L${x - w} ${y + w}L${x - r} ${y}L${x - w} ${y - w}Z`;
};

/** A star polygon with `points` points between radii outer and inner, first point straight up. */
export const starPolygon = (cx: number, cy: number, points: number, outer: number, inner: number): string => {
  let d = '';
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    d += `${i === 0 ? 'M' : 'L'}${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
  }
  return `${d}Z`;
};

/**
 * The 20 solar seals, drawn for Hunab as simple geometric emblems (not traced from any published glyph).
 * Each part is [kind, path]: s = stroked in ink, t = thick stroke, f = filled with ink, c = cut out in the tile colour.
 */
export type SealPart = readonly ['s' | 't' | 'f' | 'c', string];

const drop = (x: number, y: number, r: number): string =>
  `M${x} ${y - 1.6 * r}C${x + r * 0.9} ${y - 0.4 * r} ${x + r} ${y} ${x + r} ${y + 0.3 * r}a${r} ${r} 0 1 1 ${-2 * r} 0C${x - r} ${y} ${x - r * 0.9} ${y - 0.4 * r} ${x} ${y - 1.6 * r}Z`;

/** A footprint: a sole and a heel, (x, y) at the heel. */
const foot = (x: number, y: number): string =>
  `M${x - 7} ${y - 12}a7 11 0 1 0 14 0a7 11 0 1 0-14 0Z${circle(x, y + 8, 5.5)}`;

const SUN_RAYS = Array.from({ length: 8 }, (_, i) => {
  const a = (Math.PI * i) / 4;
  const p = (r: number) => `${(50 + r * Math.cos(a)).toFixed(1)} ${(50 + r * Math.sin(a)).toFixed(1)}`;
  return `M${p(23)}L${p(34)}`;
}).join('');

export const SEAL_PARTS: readonly (readonly SealPart[])[] = [
  // 1 Dragon: a head in profile with open jaws, teeth, an eye and a horn.
  [
    ['f', 'M22 86 18 64 8 60l11-6-7-14 14 1 2-16 10 9c14-6 34-6 50 4l-2 8-30 8 30 10-6 8c-14 4-28 4-38 6l2 8Z'],
    ['f', 'M60 52.9 63 60l3-8.7ZM72 59.3l4-6.3 4 9Z'],
    ['c', `${circle(46, 42, 4.5)}${circle(81, 40, 2)}`],
  ],
  // 2 Wind: three breaths curling at their ends.
  [
    ['s', 'M18 34h40a9 9 0 1 0-9-9'],
    ['s', 'M18 50h54a8 8 0 1 0-8-8'],
    ['s', 'M24 66h32a9 9 0 1 1-9 9'],
  ],
  // 3 Night: the dark house of dreams, stars inside.
  [
    ['f', 'M24 84V48a26 26 0 0 1 52 0v36Z'],
    ['c', sparkle(42, 50, 8)],
    ['c', sparkle(60, 64, 6)],
    ['c', sparkle(44, 72, 4)],
  ],
  // 4 Seed: a sprouting seed.
  [
    ['s', 'M50 86c-14-8-18-26-6-40 2-2 4-4 6-5 2 1 4 3 6 5 12 14 8 32-6 40Z'],
    ['s', 'M50 50v26'],
    ['s', 'M50 41V20'],
    ['f', 'M50 30c-6-10-16-12-22-8 5 8 14 10 22 8Zm0-6c5-10 15-12 22-9-4 8-14 11-22 9Z'],
  ],
  // 5 Serpent: a wave of a body, a head and a forked tongue.
  [
    ['t', 'M16 66c10-22 22-22 30-4s20 18 28-6'],
    ['f', 'M66 42c2-10 10-14 18-10 4 4 2 12-6 16-6 2-12 0-12-6Z'],
    ['c', circle(76, 38, 2.6)],
    ['s', 'M84 44l6 6m-6-6 8-2'],
  ],
  // 6 Worldbridger: a bridge arching between two worlds.
  [
    ['s', 'M20 60a30 30 0 0 1 60 0M32 60a18 18 0 0 1 36 0M50 30v12M29 39l9 9m33-9-9 9'],
    ['f', circle(20, 72, 9)],
    ['s', circle(80, 72, 8)],
  ],
  // 7 Hand: an open hand with a circle of knowing in the palm.
  [
    ['f', 'M30 56a6 6 0 0 1 6-6h30a6 6 0 0 1 6 6v16c0 8-6 14-14 14H44c-8 0-14-6-14-14Z'],
    ['t', 'M36 54V30m10 24V22m10 32V24m10 30V32M32 66 20 52'],
    ['c', circle(51, 68, 6)],
  ],
  // 8 Star: an eight-pointed star.
  [
    ['f', starPolygon(50, 50, 8, 36, 15)],
    ['c', circle(50, 50, 6)],
  ],
  // 9 Moon: a crescent and falling drops of water.
  [
    ['f', 'M52 16a34 34 0 1 0 0 68 44 44 0 0 1 0-68Z'],
    ['f', drop(72, 36, 5)],
    ['f', drop(80, 56, 5)],
    ['f', drop(68, 72, 5)],
  ],
  // 10 Dog: a paw print.
  [
    ['f', 'M50 52c10 0 20 12 18 22-2 8-10 6-18 6s-16 2-18-6c-2-10 8-22 18-22Z'],
    ['f', circle(28, 46, 7)],
    ['f', circle(41, 32, 7.5)],
    ['f', circle(59, 32, 7.5)],
    ['f', circle(72, 46, 7)],
  ],
  // 11 Monkey: a face with round ears.
  [
    ['s', circle(50, 52, 24)],
    ['s', circle(21, 46, 8)],
    ['s', circle(79, 46, 8)],
    ['s', 'M36 60c4-6 24-6 28 0 0 10-6 14-14 14s-14-4-14-14Z'],
    ['f', `${circle(42, 46, 4)}${circle(58, 46, 4)}`],
  ],
  // 12 Human: a person standing with open arms.
  [
    ['f', circle(50, 24, 9)],
    ['s', 'M50 38v26M28 36l22 12 22-12M50 64 36 86M50 64l14 22'],
  ],
  // 13 Skywalker: footprints climbing toward a star.
  [
    ['f', `${foot(34, 64)}${foot(58, 42)}`],
    ['f', sparkle(78, 20, 10)],
  ],
  // 14 Wizard: a pointed hat with a star.
  [
    ['f', 'M30 74 50 14l20 60Z'],
    ['t', 'M18 78h64'],
    ['c', sparkle(50, 56, 9)],
  ],
  // 15 Eagle: spread wings seen from the front.
  [
    ['f', circle(50, 27, 8)],
    ['f', 'M45 32h10l5 32-10 14-10-14Z'],
    ['f', 'M44 42 12 28l6 10-4 4 8 6-4 6 10 2 16 4Zm12 0 32-14-6 10 4 4-8 6 4 6-10 2-16 4Z'],
    ['f', 'M42 72l8 16 8-16Z'],
  ],
  // 16 Warrior: a shield before two crossed spears.
  [
    ['s', 'M18 18 82 82M82 18 18 82'],
    ['f', 'M50 22l22 8v18c0 16-10 26-22 32-12-6-22-16-22-32V30Z'],
    ['c', 'M50 34v36M40 46h20'],
  ],
  // 17 Earth: a globe of meridians and parallels.
  [
    ['s', circle(50, 50, 32)],
    ['s', 'M50 18c-18 8-18 56 0 64 18-8 18-56 0-64ZM18 50h64M24 34h52M24 66h52'],
  ],
  // 18 Mirror: a hand mirror with a glint.
  [
    ['s', 'M50 16c14 0 22 10 22 24s-8 24-22 24-22-10-22-24 8-24 22-24Z'],
    ['t', 'M50 66v20'],
    ['s', 'M40 34l8-8m-6 16 14-14'],
  ],
  // 19 Storm: a cloud and a bolt of lightning.
  [
    ['f', `${circle(34, 46, 12)}${circle(52, 38, 16)}${circle(70, 48, 11)}M34 46v13h36V46Z`],
    ['f', 'M52 62 40 78h10l-6 12 18-20H52l6-8Z'],
  ],
  // 20 Sun: a disc and eight rays.
  [
    ['f', circle(50, 50, 15)],
    ['s', SUN_RAYS],
  ],
];

/** The colours of the seal families and the ink of the emblems, as the dark theme draws them. */
export const GLYPH_COLORS = {
  red: '#d9453b',
  white: '#f4f1ea',
  blue: '#3c7be0',
  yellow: '#e8b84a',
  ink: '#1b1826',
  edge: 'rgba(0,0,0,0.3)',
} as const;

const ROW = 20;
const ROWS = 3;

/** Bars (one per five) and dots (tone mod 5) of a tone 1-13. */
export function toneMarks(tone: number): { bars: number; dots: number } {
  return { bars: Math.floor(tone / 5), dots: tone % 5 };
}

/** The view box of every tone: 100 wide, three rows of 20. */
export const TONE_VIEW_BOX = `0 0 100 ${ROWS * ROW}`;
export const TONE_DOT_RADIUS = 7.5;

/**
 * Where the dots and bars of a tone (1-13) sit in its 100 x 60 box: dots above bars, centred across, standing on the
 * bottom, so tones line up above seals. Bars are 84 x 12 from x = 8, rounded by 6.
 */
export function toneLayout(tone: number): { dots: { cx: number; cy: number }[]; bars: { y: number }[] } {
  const { bars, dots } = toneMarks(tone);
  const top = (ROWS - bars - (dots > 0 ? 1 : 0)) * ROW;
  return {
    dots: Array.from({ length: dots }, (_, i) => ({ cx: 50 + (i - (dots - 1) / 2) * 21, cy: top + ROW / 2 })),
    bars: Array.from({ length: bars }, (_, i) => ({ y: top + (dots > 0 ? ROW : 0) + i * ROW + 4 })),
  };
}
