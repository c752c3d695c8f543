import { calendarDay, castleTable, dayNumber, parseDate, waveSpellOfDate } from '@hunab/calendar';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { castleOfWavespell, kinsOfWavespell, readRouteNumber } from '../../lib/castles.ts';
import { localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage, useRouteParams } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { dateOfKinNear, useOpenContext } from './useMatrixDate.ts';

const shortDate = (iso: string) => iso.split('-').reverse().slice(0, 2).join('.');
const fullDate = (iso: string) => iso.split('-').reverse().join('.');

/**
 * The 13 days of a wavespell in the fixed layout of the wavespell board: /trecena/{1-20} names the wavespell (its
 * days the ones nearest the selected date), /trecena alone the wavespell of the selected date. A swipe, which moves
 * the selected date 13 days, moves to the next or previous wavespell; another date picked moves to its wavespell.
 */
export default function TrecenaPage() {
  const { t } = useTranslation();
  const lang = usePathLanguage();
  const navigate = useNavigate();
  const { wavespellId } = useRouteParams();
  const { date, iso } = useSelectedDate();
  const open = useOpenContext(lang);
  const asked = readRouteNumber(wavespellId, 1, 20);
  const first = asked === null ? null : (kinsOfWavespell(asked)[0] as number);
  const spell = waveSpellOfDate(first === null ? date : dateOfKinNear(date, first), lang);
  const number = spell.waveSpell.number;
  const castle = castleTable(lang)[castleOfWavespell(number) - 1];
  usePageTitle(spell.waveSpell.name);

  // The page's address follows the date controls once it names a wavespell.
  const previous = useRef(iso);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new selected date moves the address
  useEffect(() => {
    const before = previous.current;
    previous.current = iso;
    if (before === iso || asked === null) return;
    const moved = dayNumber(date) - dayNumber(parseDate(before));
    const target =
      Math.abs(moved) === 13 ? ((asked - 1 + Math.sign(moved) + 20) % 20) + 1 : calendarDay(date).kin.waveSpell.number;
    if (target !== asked) navigate(localizedPath(lang, `/trecena/${target}`));
  }, [iso]);

  const firstDay = spell.days[0];
  const lastDay = spell.days[12];
  return (
    <>
      <h1 className="h4 mb-1" data-testid="matrix-title">
        {spell.waveSpell.name}
      </h1>
      <p className="text-body-secondary small mb-3" data-testid="trecena-range">
        {t('today.kin')} {firstDay?.kin.number}–{lastDay?.kin.number} · {fullDate(firstDay?.date ?? '')}–
        {fullDate(lastDay?.date ?? '')}
        {castle && (
          <>
            {' · '}
            <Link to={localizedPath(lang, `/castle/${castle.number}`)} data-testid="trecena-castle">
              {castle.name}
            </Link>
          </>
        )}
      </p>
      <ol className="trecena-grid" data-testid="trecena-grid" data-wavespell={number}>
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
                {t('today.dayOfWaveSpell', { day: i + 1 })} · {shortDate(cell.date)}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </>
  );
}
