import type { ReactNode } from 'react';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { PlasmaGlyph } from '../../components/glyphs/PlasmaGlyph.tsx';
import { SealGlyph } from '../../components/glyphs/SealGlyph.tsx';
import { ToneGlyph } from '../../components/glyphs/ToneGlyph.tsx';
import type { Language } from '../../lib/languages.ts';

const LIMITS = { seal: 20, tone: 13, plasma: 7, kin: 260 } as const;

/**
 * The images of a lesson: `![caption](glyph:seal/7)`, `glyph:tone/5`, `glyph:plasma/3` or `glyph:kin/34` draw the
 * product's own glyphs with the caption under them. Any other address draws nothing: lessons carry no outside images.
 */
export function lessonImage(lang: Language) {
  return (src: string, alt: string, key: string): ReactNode => {
    const match = /^glyph:(seal|tone|plasma|kin)\/(\d{1,3})$/.exec(src);
    if (!match) return null;
    const value = Number(match[2]);
    const kind = match[1] as keyof typeof LIMITS;
    if (value < 1 || value > LIMITS[kind]) return null;
    const glyph =
      kind === 'seal' ? (
        <SealGlyph seal={value} size={72} label={alt} decorative />
      ) : kind === 'tone' ? (
        <ToneGlyph tone={value} size={64} label={alt} decorative />
      ) : kind === 'plasma' ? (
        <PlasmaGlyph plasma={value} size={64} label={alt} decorative />
      ) : (
        <KinCard kin={value} lang={lang} size="md" />
      );
    return (
      <span key={key} className="lesson-glyph" role="img" aria-label={alt} data-glyph={`${kind}-${value}`}>
        {glyph}
        <span aria-hidden="true">{alt}</span>
      </span>
    );
  };
}
