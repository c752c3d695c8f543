import { calendarNames, type Language, runeOfDay } from '@hunab/calendar';
import { type ReactNode, useState } from 'react';
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

/** A titled part of the gallery, found by tests under its id. */
function GallerySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section data-testid={id} aria-labelledby={id}>
      <h2 className="h5" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Glyphs 1 to `count`, each above its number and caption. */
function GlyphGrid({
  count,
  glyph,
  caption,
}: {
  count: number;
  glyph: (n: number) => ReactNode;
  caption: (n: number) => ReactNode;
}) {
  return (
    <ul className="glyph-gallery-grid">
      {range(count).map((n) => (
        <li key={n}>
          {glyph(n)}
          <span>
            {n} {caption(n)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Every glyph of the product on one page, for review at a hidden route (/test/glyphs). */
export function GlyphGallery({ lang = 'en' }: { lang?: Language }) {
  const names = calendarNames(lang);
  const [selected, setSelected] = useState(207);
  return (
    <div className="glyph-gallery" data-testid="glyph-gallery">
      <h1 className="h3 mb-3">Glyphs</h1>

      <GallerySection id="glyphs-seals" title="Solar seals">
        <GlyphGrid
          count={20}
          glyph={(seal) => <SealGlyph seal={seal} size={64} label={names.seals[seal - 1] ?? ''} />}
          caption={(seal) => names.seals[seal - 1]}
        />
      </GallerySection>

      <GallerySection id="glyphs-tones" title="Galactic tones">
        <GlyphGrid
          count={13}
          glyph={(tone) => <ToneGlyph tone={tone} size={56} label={`${tone} ${names.tones[tone - 1] ?? ''}`} />}
          caption={(tone) => names.tones[tone - 1]}
        />
      </GallerySection>

      <GallerySection id="glyphs-plasmas" title="Radial plasmas">
        <GlyphGrid
          count={7}
          glyph={(plasma) => <PlasmaGlyph plasma={plasma} size={64} label={names.radialPlasmas[plasma - 1] ?? ''} />}
          caption={(plasma) => names.radialPlasmas[plasma - 1]}
        />
      </GallerySection>

      <GallerySection id="glyphs-runes" title="Runes of the days of a moon">
        <GlyphGrid
          count={28}
          glyph={(day) => {
            const rune = runeOfDay(day);
            return <RuneGlyph day={day} size={48} label={`${rune.name} ${rune.letter}`} />;
          }}
          caption={(day) => `· ${runeOfDay(day).name}`}
        />
      </GallerySection>

      <GallerySection id="glyphs-cards" title="Kin cards">
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
      </GallerySection>

      <GallerySection id="glyphs-warnings" title="Warning symbol">
        <div className="glyph-gallery-cards">
          <WarningSymbol label="Missing sign or tone" size={48} />
          {[0, 261, 1.5].map((kin) => (
            <KinCard key={kin} kin={kin} lang={lang} size="md" />
          ))}
        </div>
      </GallerySection>
    </div>
  );
}

export default GlyphGallery;
