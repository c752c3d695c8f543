import { TONE_DOT_RADIUS, TONE_VIEW_BOX, toneLayout } from '@hunab/contracts';
import { type GlyphProps, GlyphSvg, glyphSvg, inRange } from './GlyphSvg.tsx';
import { WarningSymbol } from './WarningSymbol.tsx';

/** The dots and bars of a tone (1-13), the inside of its <svg> or of its symbol in the glyph sprite. */
export function ToneShapes({ tone }: { tone: number }) {
  const { dots, bars } = toneLayout(tone);
  return (
    <>
      {dots.map(({ cx, cy }) => (
        <circle key={cx} className="tone-dot" cx={cx} cy={cy} r={TONE_DOT_RADIUS} />
      ))}
      {bars.map(({ y }) => (
        <rect key={y} className="tone-bar" x={8} y={y} width={84} height={12} rx={6} />
      ))}
    </>
  );
}

/** The view box of every tone: 100 wide, three rows of 20. */
export { TONE_VIEW_BOX, toneMarks } from '@hunab/contracts';

/** The id of a tone's symbol in the glyph sprite. */
export const toneSymbolId = (tone: number) => `glyph-tone-${tone}`;

/** A tone's height for its width: the box is 100 x 60. */
const toneHeight = (width: number) => Math.round(width * 0.6);

/**
 * A decorative tone (1-13) from the page's glyph sprite (GlyphSprite.tsx): an <svg> and a <use>, drawn by a plain call
 * rather than components, for the 260 cards of a grid. `size` is the width, as for ToneGlyph.
 */
export function toneFromSprite(tone: number, size: number, className: string) {
  return glyphSvg({
    glyph: 'tone',
    value: tone,
    label: '',
    decorative: true,
    size,
    height: toneHeight(size),
    viewBox: TONE_VIEW_BOX,
    className,
    children: <use href={`#${toneSymbolId(tone)}`} fill="currentColor" />,
  });
}

/**
 * A tone (1-13) in Maya dot-and-bar notation: a bar for each five, a dot for each one left over, dots above bars,
 * centred across and standing on the bottom of a 100 x 60 box, so tones line up above seals. Drawn in `color`
 * or the current text colour. `size` is the width; the height is 0.6 of it.
 */
export function ToneGlyph({
  tone,
  size = 48,
  label,
  color,
  decorative,
  className,
}: GlyphProps & { tone: number; color?: string }) {
  if (!inRange(tone, 13))
    return <WarningSymbol label={label} size={size} decorative={decorative} className={className} />;
  return (
    <GlyphSvg
      glyph="tone"
      value={tone}
      label={label}
      size={size}
      height={toneHeight(size)}
      viewBox={TONE_VIEW_BOX}
      decorative={decorative}
      className={className}
    >
      <g fill={color ?? 'currentColor'}>
        <ToneShapes tone={tone} />
      </g>
    </GlyphSvg>
  );
}
