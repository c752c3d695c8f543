import { SealShapes, sealSymbolId } from './SealGlyph.tsx';
import { TONE_VIEW_BOX, ToneShapes, toneSymbolId } from './ToneGlyph.tsx';

const SEALS = Array.from({ length: 20 }, (_, i) => i + 1);
const TONES = Array.from({ length: 13 }, (_, i) => i + 1);

/**
 * The 20 seals and 13 tones drawn once, as symbols, for a page that shows many kin cards (the Tzolkin, the moon,
 * the year). Each card then holds two references instead of a dozen shapes: the Tzolkin's markup shrinks to a
 * fraction, and so do its parsing, layout, paint and hydration. Colours still come from the card: the symbols'
 * fills are variables and `currentColor`, which the references inherit.
 */
export function GlyphSprite() {
  return (
    <svg className="glyph-sprite" aria-hidden="true" focusable="false" width="0" height="0">
      <defs>
        {SEALS.map((seal) => (
          <symbol key={seal} id={sealSymbolId(seal)} viewBox="0 0 100 100">
            <SealShapes seal={seal} />
          </symbol>
        ))}
        {TONES.map((tone) => (
          <symbol key={tone} id={toneSymbolId(tone)} viewBox={TONE_VIEW_BOX}>
            <ToneShapes tone={tone} />
          </symbol>
        ))}
      </defs>
    </svg>
  );
}
