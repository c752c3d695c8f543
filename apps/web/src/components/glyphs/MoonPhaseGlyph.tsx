import { litPath } from '../../lib/moon-phase.ts';
import { circle, type GlyphProps, GlyphSvg, inRange, withClass } from './GlyphSvg.tsx';
import { WarningSymbol } from './WarningSymbol.tsx';
import './moon-phase.css';

/**
 * One of the spec's 30 Moon phase images (1 the day of the new moon, 30 the last day before the next): the dark
 * disc with its lit part, lit from the right while the Moon waxes. Never mirrored, whatever the page's direction.
 */
export function MoonPhaseGlyph({ image, className, ...glyph }: GlyphProps & { image: number }) {
  if (!inRange(image, 30)) return <WarningSymbol {...glyph} className={className} />;
  const lit = litPath(image);
  return (
    <GlyphSvg glyph="moon" value={image} {...glyph} className={withClass('glyph-moon', className)}>
      <path className="m-dark" d={circle(50, 50, 40)} />
      {lit && <path className="m-lit" d={lit} />}
      <path className="m-rim" d={circle(50, 50, 40)} />
    </GlyphSvg>
  );
}
