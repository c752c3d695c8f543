import { SEAL_PARTS } from '@hunab/contracts';
import { type GlyphProps, GlyphSvg, glyphSvg, inRange, withClass } from './GlyphSvg.tsx';
import { WarningSymbol } from './WarningSymbol.tsx';

const PART_CLASS = { s: 'g-s', t: 'g-t', f: 'g-f', c: 'g-c' } as const;

const COLOR_NAMES = ['red', 'white', 'blue', 'yellow'] as const;

/** The colour family of a seal: red, white, blue or yellow by (seal - 1) mod 4. */
export const sealColor = (seal: number) => COLOR_NAMES[(seal - 1) % 4] ?? 'red';

/** The tile and emblem of a seal (1-20), the inside of its <svg> or of its symbol in the glyph sprite. */
export function SealShapes({ seal }: { seal: number }) {
  return (
    <>
      <rect className="g-tile" x="4" y="4" width="92" height="92" rx="18" />
      {SEAL_PARTS[seal - 1]?.map(([kind, d]) => (
        <path key={d} className={PART_CLASS[kind]} d={d} />
      ))}
    </>
  );
}

/**
 * A solar seal (1-20) as an emblem on a rounded tile in its colour. Anything else shows the warning symbol.
 */
export function SealGlyph({ seal, className, ...glyph }: GlyphProps & { seal: number }) {
  if (!inRange(seal, 20)) return <WarningSymbol {...glyph} className={className} />;
  return (
    <GlyphSvg glyph="seal" value={seal} {...glyph} className={withClass(`glyph-${sealColor(seal)}`, className)}>
      <SealShapes seal={seal} />
    </GlyphSvg>
  );
}

/**
 * A decorative seal (1-20) from the page's glyph sprite (GlyphSprite.tsx): an <svg> and a <use>, drawn by a plain call
 * rather than components, for the 260 cards of a grid.
 */
export function sealFromSprite(seal: number, size: number) {
  return glyphSvg({
    glyph: 'seal',
    value: seal,
    label: '',
    decorative: true,
    size,
    className: `glyph-${sealColor(seal)}`,
    children: <use href={`#${sealSymbolId(seal)}`} />,
  });
}

/** The id of a seal's symbol in the glyph sprite. */
export const sealSymbolId = (seal: number) => `glyph-seal-${seal}`;
