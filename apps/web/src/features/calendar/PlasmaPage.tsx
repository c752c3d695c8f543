import { calendarDay, calendarNames } from '@hunab/calendar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlasmaGlyph } from '../../components/glyphs/PlasmaGlyph.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PageRedirect } from '../../components/PageRedirect.tsx';
import { ReadingView } from '../../components/ReadingView.tsx';
import { localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage, useRouteParams } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { useReading } from '../../lib/use-reading.ts';
import { HeptadCard } from './Synchronometer.tsx';

/**
 * A radial plasma (1-7, Dali to Silio) and its reading, with previous and next. Without a number it opens the
 * plasma of the selected day. The kin's own plasma of the five-cycle ((kin - 1) mod 5 + 1) is shown beside it.
 */
export default function PlasmaPage() {
  const { t } = useTranslation();
  const { plasmaId } = useRouteParams();
  const lang = usePathLanguage();
  const { date } = useSelectedDate();
  const day = calendarDay(date, lang);
  const n = Number(plasmaId);
  const valid = Number.isInteger(n) && n >= 1 && n <= 7;
  const reading = useReading('plasmas', valid ? n : 1, lang);
  const names = calendarNames(lang);
  usePageTitle(valid ? (names.radialPlasmas[n - 1] ?? null) : t('pages.plasma'));
  if (!valid) return <PageRedirect to={localizedPath(lang, `/plasma/${day.dayOfWeek ?? 1}`)} />;
  const previous = ((n + 5) % 7) + 1;
  const next = (n % 7) + 1;
  return (
    <>
      <div className="moon-heading">
        <Link
          className="btn btn-icon"
          to={localizedPath(lang, `/plasma/${previous}`)}
          aria-label={names.radialPlasmas[previous - 1]}
        >
          <Icon name="chevronLeft" className="flip-rtl" />
        </Link>
        <h1 className="h4 mb-0 d-flex align-items-center gap-2" data-testid="matrix-title">
          <PlasmaGlyph plasma={n} size={36} label={names.radialPlasmas[n - 1] ?? ''} decorative />
          {names.radialPlasmas[n - 1]}
        </h1>
        <Link
          className="btn btn-icon"
          to={localizedPath(lang, `/plasma/${next}`)}
          aria-label={names.radialPlasmas[next - 1]}
        >
          <Icon name="chevronRight" className="flip-rtl" />
        </Link>
      </div>
      <p className="text-body-secondary small text-center mt-2" data-testid="kin-plasma">
        {t('matrix.kinPlasma', { kin: day.kin.number, plasma: day.kin.plasma })}
      </p>
      <HeptadCard day={day} />
      {reading.data && <ReadingView reading={reading.data} watermark="Hunab" />}
    </>
  );
}
