import { calendarDay, isGalacticPortal, isMysticColumn, SEAL_COUNT, TONE_COUNT } from '@hunab/calendar';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { GlyphSprite } from '../../components/glyphs/GlyphSprite.tsx';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { dateOfKinNear, useOpenContext } from './useMatrixDate.ts';

/**
 * The kin numbers of the grid: a row per seal, a column per 20 kins (kin = column × 20 + seal). Numbers only: each
 * card builds its own record when React renders it, so the 260 records are built in the slices of the render
 * instead of all at once in the page's own.
 */
const GRID = Array.from({ length: SEAL_COUNT }, (_, row) =>
  Array.from({ length: TONE_COUNT }, (_, column) => column * SEAL_COUNT + row + 1),
);

/** The 260 kins in 13 columns of 20; the selected day's kin highlighted; portals and the Mystic Column marked. */
export default function TzolkinPage() {
  const { t } = useTranslation();
  const lang = usePathLanguage();
  const { date } = useSelectedDate();
  const open = useOpenContext(lang);
  // One callback for all 260 cards, so the memoised cards only re-render when the day changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `open` only wraps navigate and the language
  const pick = useCallback((kin: number) => open(dateOfKinNear(date, kin)), [date, lang]);
  usePageTitle(t('pages.tzolkin'));
  const selected = calendarDay(date, lang).kin.number;
  return (
    <>
      <GlyphSprite />
      <h1 className="h4 mb-3" data-testid="matrix-title">
        {t('pages.tzolkin')}
      </h1>
      <section className="tzolkin-grid" dir="ltr" aria-label={t('pages.tzolkin')} data-testid="tzolkin-grid">
        {GRID.map((row) => (
          <div className="tzolkin-row" key={row[0]}>
            {row.map((kin) => (
              <div key={kin} className="tzolkin-cell" data-kin={kin}>
                <KinCard
                  sprite
                  kin={kin}
                  lang={lang}
                  size="sm"
                  selected={kin === selected}
                  marks={{ portal: isGalacticPortal(kin), mystic: isMysticColumn(kin) }}
                  onClick={pick}
                />
              </div>
            ))}
          </div>
        ))}
      </section>
    </>
  );
}
