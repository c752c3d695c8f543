import { calendarNames, type Language, runeOfDay } from '@hunab/calendar';
import { useState } from 'react';
import { KinCard } from './KinCard.tsx';
import { PlasmaGlyph } from './PlasmaGlyph.tsx';
import { RuneGlyph } from './RuneGlyph.tsx';
import { SealGlyph } from './SealGlyph.tsx';
import { ToneGlyph } from './ToneGlyph.tsx';
import { WarningSymbol } from './WarningSymbol.tsx';

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

/** Kins shown as cards: [kin, portal, mystic]. */
const CARDS: readonly (readonly [number, boolean, boolean])[] = [
  [1, true, false],
  [34, false, false],
  [125, false, true],
  [207, false, false],
  [260, true, false],
];

/** Every glyph of the product on one page, for review at a hidden route (/test/glyphs). */
export function GlyphGallery({ lang = 'en' }: { lang?: Language }) {
  const names = calendarNames(lang);
  const [selected, setSelected] = useState(207);
  return (
    <div className="glyph-gallery" data-testid="glyph-gallery">
      <h1 className="h3 mb-3">Glyphs</h1>

      <section data-testid="glyphs-seals" aria-labelledby="glyphs-seals">
        <h2 className="h5" id="glyphs-seals">
          Solar seals
        </h2>
        <ul className="glyph-gallery-grid">
          {range(20).map((seal) => (
            <li key={seal}>
              <SealGlyph seal={seal} size={64} label={names.seals[seal - 1] ?? ''} />
              <span>
                {seal} {names.seals[seal - 1]}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section data-testid="glyphs-tones" aria-labelledby="glyphs-tones">
        <h2 className="h5" id="glyphs-tones">
          Galactic tones
        </h2>
        <ul className="glyph-gallery-grid">
          {range(13).map((tone) => (
            <li key={tone}>
              <ToneGlyph tone={tone} size={56} label={`${tone} ${names.tones[tone - 1] ?? ''}`} />
              <span>
                {tone} {names.tones[tone - 1]}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section data-testid="glyphs-plasmas" aria-labelledby="glyphs-plasmas">
        <h2 className="h5" id="glyphs-plasmas">
          Radial plasmas
        </h2>
        <ul className="glyph-gallery-grid">
          {range(7).map((plasma) => (
            <li key={plasma}>
              <PlasmaGlyph plasma={plasma} size={64} label={names.radialPlasmas[plasma - 1] ?? ''} />
              <span>
                {plasma} {names.radialPlasmas[plasma - 1]}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section data-testid="glyphs-runes" aria-labelledby="glyphs-runes">
        <h2 className="h5" id="glyphs-runes">
          Runes of the days of a moon
        </h2>
        <ul className="glyph-gallery-grid">
          {range(28).map((day) => {
            const rune = runeOfDay(day);
            return (
              <li key={day}>
                <RuneGlyph day={day} size={48} label={`${rune.name} ${rune.letter}`} />
                <span>
                  {day} · {rune.name}
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <section data-testid="glyphs-cards" aria-labelledby="glyphs-cards">
        <h2 className="h5" id="glyphs-cards">
          Kin cards
        </h2>
        <div className="glyph-gallery-cards mb-3">
          {CARDS.map(([kin, portal, mystic]) => (
            <KinCard
              key={kin}
              kin={kin}
              lang={lang}
              size="lg"
              selected={selected === kin}
              onClick={setSelected}
              marks={{ portal, mystic }}
            />
          ))}
        </div>
        <div className="glyph-gallery-cards mb-3">
          {CARDS.map(([kin, portal, mystic]) => (
            <KinCard key={kin} kin={kin} lang={lang} selected={selected === kin} marks={{ portal, mystic }} />
          ))}
        </div>
        <div className="glyph-gallery-cards" style={{ gap: 0 }}>
          {range(13).map((n) => {
            const kin = 100 + 2 * n;
            return (
              <KinCard
                key={kin}
                kin={kin}
                lang={lang}
                size="sm"
                selected={selected === kin}
                onClick={setSelected}
                marks={{ portal: kin >= 106 && kin <= 115, mystic: kin >= 121 && kin <= 140 }}
              />
            );
          })}
        </div>
      </section>

      <section data-testid="glyphs-warnings" aria-labelledby="glyphs-warnings">
        <h2 className="h5" id="glyphs-warnings">
          Warning symbol
        </h2>
        <div className="glyph-gallery-cards">
          <WarningSymbol label="Missing sign or tone" size={48} />
          {[0, 261, 1.5].map((kin) => (
            <KinCard key={kin} kin={kin} lang={lang} size="md" />
          ))}
        </div>
      </section>
    </div>
  );
}

export default GlyphGallery;
