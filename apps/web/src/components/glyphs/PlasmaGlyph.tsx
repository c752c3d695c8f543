import { circle, type GlyphProps, GlyphSvg, inRange, starPolygon, withClass } from './GlyphSvg.tsx';
import { WarningSymbol } from './WarningSymbol.tsx';

/**
 * The 7 radial plasmas, Dali to Silio, as radial emblems drawn for Hunab, each in its own colour family
 * (the colours of the chakras the plasmas are read with: crown, root, third eye, sacral, throat, solar plexus, heart).
 * Parts: [kind, path] with a = full colour fill, b = pale fill, s = stroke in the full colour.
 */
type Part = readonly ['a' | 'b' | 's', string];

const PART_CLASS = { a: 'p-a', b: 'p-b', s: 'p-s' } as const;

/** n copies of a path-making function turned around the centre. */
const around = (n: number, make: (a: number) => string, offset = 0): string =>
  Array.from({ length: n }, (_, i) => make(offset + (2 * Math.PI * i) / n)).join('');
const at = (r: number, a: number): string =>
  `${(50 + r * Math.cos(a)).toFixed(1)} ${(50 + r * Math.sin(a)).toFixed(1)}`;

/** An Archimedean spiral from the centre outward, as straight segments. */
const spiral = (turns: number, r: number): string => {
  let d = 'M50 50';
  const steps = turns * 24;
  for (let i = 1; i <= steps; i++) d += `L${at((r * i) / steps, (2 * Math.PI * i) / 24 - Math.PI / 2)}`;
  return d;
};

export const PLASMA_PARTS: readonly (readonly Part[])[] = [
  // 1 Dali: rings within rings, a target at the crown.
  [
    ['b', circle(50, 50, 40)],
    ['s', `${circle(50, 50, 30)}${circle(50, 50, 19)}`],
    ['a', circle(50, 50, 8)],
  ],
  // 2 Seli: four petals flowing out from a seed of light.
  [
    ['b', circle(50, 50, 40)],
    [
      'a',
      around(4, (a) => `M${at(10, a - 0.5)}Q${at(42, a - 0.35)} ${at(40, a)}Q${at(42, a + 0.35)} ${at(10, a + 0.5)}Z`),
    ],
    ['a', circle(50, 50, 9)],
  ],
  // 3 Gamma: eight rays radiating from a ring.
  [
    ['b', circle(50, 50, 40)],
    ['s', `${circle(50, 50, 11)}${around(8, (a) => `M${at(19, a)}L${at(36, a)}`)}`],
    ['a', circle(50, 50, 4)],
  ],
  // 4 Kali: a spiral winding out of the centre.
  [
    ['b', circle(50, 50, 40)],
    ['s', spiral(3, 32)],
  ],
  // 5 Alpha: a six-petalled rosette.
  [
    ['b', circle(50, 50, 40)],
    ['a', around(6, (a) => `M50 50Q${at(20, a - 0.55)} ${at(34, a)}Q${at(20, a + 0.55)} 50 50Z`, -Math.PI / 2)],
    ['s', circle(50, 50, 36)],
  ],
  // 6 Limi: four triangles pointing in to a centre.
  [
    ['b', circle(50, 50, 40)],
    ['a', around(4, (a) => `M${at(14, a)}L${at(36, a - 0.32)}L${at(36, a + 0.32)}Z`, Math.PI / 4)],
    ['s', circle(50, 50, 7)],
  ],
  // 7 Silio: a twelve-pointed burst around a ring.
  [
    ['b', circle(50, 50, 40)],
    ['a', starPolygon(50, 50, 12, 38, 24)],
    ['b', circle(50, 50, 16)],
    ['s', circle(50, 50, 9)],
  ],
];

/** A radial plasma (1 Dali ... 7 Silio). Anything else shows the warning symbol. */
export function PlasmaGlyph({ plasma, className, ...glyph }: GlyphProps & { plasma: number }) {
  const parts = inRange(plasma, 7) ? PLASMA_PARTS[plasma - 1] : undefined;
  if (!parts) return <WarningSymbol {...glyph} className={className} />;
  return (
    <GlyphSvg glyph="plasma" value={plasma} {...glyph} className={withClass(`glyph-plasma-${plasma}`, className)}>
      {parts.map(([kind, d]) => (
        <path key={d} className={PART_CLASS[kind]} d={d} />
      ))}
    </GlyphSvg>
  );
}
