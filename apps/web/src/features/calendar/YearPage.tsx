import { thirteenMoonYear, yearStartOfDate } from '@hunab/calendar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GlyphSprite } from '../../components/glyphs/GlyphSprite.tsx';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { Icon } from '../../components/Icon.tsx';
import { localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage, useRouteParams } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { moonDatesOf } from './year.ts';

/** A 13-moon year (26 July to 25 July): each moon as its grid of 28 days. /year/{Gregorian year of its 26 July}. */
export default function YearPage() {
  const { t } = useTranslation();
  const { yearId } = useRouteParams();
  const lang = usePathLanguage();
  const { date, iso } = useSelectedDate();
  const asked = Number(yearId);
  const yearStart = Number.isInteger(asked) && asked >= 1000 && asked < 9999 ? asked : yearStartOfDate(date);
  const year = thirteenMoonYear(yearStart, lang);
  const title = `${t('pages.year')} ${yearStart}–${yearStart + 1} · ${year.yearKin.name}`;
  usePageTitle(title);
  return (
    <>
      <GlyphSprite />
      <div className="moon-heading">
        <Link
          className="btn btn-icon"
          to={localizedPath(lang, `/year/${yearStart - 1}`)}
          aria-label={String(yearStart - 1)}
        >
          <Icon name="chevronLeft" className="flip-rtl" />
        </Link>
        <h1 className="h5 mb-0 text-center" data-testid="matrix-title">
          {title}
        </h1>
        <Link
          className="btn btn-icon"
          to={localizedPath(lang, `/year/${yearStart + 1}`)}
          aria-label={String(yearStart + 1)}
        >
          <Icon name="chevronRight" className="flip-rtl" />
        </Link>
      </div>
      <div className="year-moons">
        {year.moons.map((moon) => (
          <section key={moon.number} className="year-moon" aria-labelledby={`moon-${moon.number}`}>
            <h2 id={`moon-${moon.number}`} className="h6">
              {moon.name}{' '}
              <span className="text-body-secondary small">· {moon.start.slice(5).split('-').reverse().join('.')}</span>
            </h2>
            <div className="year-moon-grid">
              {moonDatesOf(moon.start, lang).map((cell) => (
                <Link
                  key={cell.date}
                  to={localizedPath(lang, `/context/${cell.date}`)}
                  className={`year-day${cell.date === iso ? ' is-selected' : ''}`}
                  // The card shows the kin's number: the link's name holds it, so a reader who says what they see finds it.
                  aria-label={`${cell.date} · ${t('pages.kin')} ${cell.kin.number} · ${cell.kin.name}`}
                >
                  <KinCard
                    sprite
                    kin={cell.kin.number}
                    lang={lang}
                    size="sm"
                    marks={{ portal: cell.kin.isGalacticPortal }}
                  />
                </Link>
              ))}
            </div>
          </section>
        ))}
      </div>
      <p className="text-body-secondary small mt-3">
        {t('matrix.dayOutOfTime', { date: year.dayOutOfTime.split('-').reverse().join('.') })}
      </p>
    </>
  );
}
