import { parseDate, waveSpellOfDate } from '@hunab/calendar';
import { useTranslation } from 'react-i18next';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { useOpenContext } from './useMatrixDate.ts';

/** The 13 days of the wavespell of the selected date, in the fixed layout of the wavespell board. */
export default function TrecenaPage() {
  const { t } = useTranslation();
  const lang = usePathLanguage();
  const { date, iso } = useSelectedDate();
  const open = useOpenContext(lang);
  const spell = waveSpellOfDate(date, lang);
  usePageTitle(spell.waveSpell.name);
  return (
    <>
      <h1 className="h4 mb-3" data-testid="matrix-title">
        {spell.waveSpell.name}
      </h1>
      <ol className="trecena-grid" data-testid="trecena-grid">
        {spell.days.map((cell, i) => (
          <li key={cell.date} className={`trecena-cell trecena-pos-${i + 1}`}>
            <button
              type="button"
              className={`trecena-day${cell.date === iso ? ' is-selected' : ''}`}
              aria-pressed={cell.date === iso}
              data-date={cell.date}
              onClick={() => open(parseDate(cell.date))}
            >
              <KinCard
                kin={cell.kin.number}
                lang={lang}
                size="md"
                marks={{ portal: cell.kin.isGalacticPortal, mystic: cell.kin.isMysticColumn }}
              />
              <span className="small">
                {t('today.dayOfWaveSpell', { day: i + 1 })} · {cell.date.split('-').reverse().slice(0, 2).join('.')}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </>
  );
}
