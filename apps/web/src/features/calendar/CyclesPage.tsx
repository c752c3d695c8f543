import { calendarDay, formatDate, kinEntity, parseDate, today } from '@hunab/calendar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { OracleCross } from '../../components/glyphs/OracleCross.tsx';
import { formatters, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { BirthDateForm, usePageBirthDate } from './BirthDateForm.tsx';
import { lastBirthday, lifeStats } from './life.ts';

/** Personal cycles for a birth date from the URL hash: the birth kin, its oracle, the kin of this year, the next return. */
export default function CyclesPage() {
  const { t } = useTranslation();
  const lang = usePathLanguage();
  usePageTitle(t('pages.cycles'));
  const birthDate = usePageBirthDate();
  const form = <BirthDateForm key={birthDate} initial={birthDate} />;

  if (!birthDate) {
    return (
      <>
        <h1 className="h4 mb-3" data-testid="matrix-title">
          {t('pages.cycles')}
        </h1>
        {form}
      </>
    );
  }

  const birth = parseDate(birthDate);
  const now = today();
  const birthKin = kinEntity(calendarDay(birth).kin.number, lang);
  const yearKin = kinEntity(calendarDay(lastBirthday(birth, now)).kin.number, lang);
  const { nextReturn, daysLived: days } = lifeStats(birth, now);
  const format = formatters(lang);

  return (
    <>
      <h1 className="h4 mb-3" data-testid="matrix-title">
        {t('pages.cycles')}
      </h1>
      {form}
      <section className="kin-page my-4" data-testid="cycles-birth-kin" data-kin={birthKin.number}>
        <KinCard
          kin={birthKin.number}
          lang={lang}
          size="lg"
          marks={{ portal: birthKin.isGalacticPortal, mystic: birthKin.isMysticColumn }}
        />
        <p className="text-body-secondary mt-2 mb-0">{t('dash.birthKin', { date: birthDate })}</p>
      </section>
      <dl className="today-facts">
        <div>
          <dt>{t('dash.yearKin')}</dt>
          <dd data-testid="cycles-year-kin">
            {yearKin.number} · {yearKin.name}
          </dd>
        </div>
        <div>
          <dt>{t('dash.nextReturn')}</dt>
          <dd data-testid="cycles-next-return">
            <Link to={localizedPath(lang, `/context/${formatDate(nextReturn)}`)}>
              {format.date(new Date(nextReturn.year, nextReturn.month - 1, nextReturn.day), 'long')}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{t('dash.daysLived')}</dt>
          <dd data-testid="cycles-days">
            {days >= 0
              ? t('dash.daysAndRounds', { days: format.number(days), rounds: format.number(Math.floor(days / 260)) })
              : '—'}
          </dd>
        </div>
      </dl>
      <h2 className="h5 mt-4">{t('pages.cross')}</h2>
      <OracleCross kin={birthKin} lang={lang} testId="cycles-oracle" />
    </>
  );
}
