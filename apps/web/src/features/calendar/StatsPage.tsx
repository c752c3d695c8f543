import {
  formatDate,
  type Language,
  LIFE_CYCLE_YEARS,
  lifeCycleYears,
  lifeStats,
  type PlainDate,
  parseDate,
  today,
} from '@hunab/calendar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { TitledSection } from '../../components/TitledSection.tsx';
import { formatters, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { BirthDateForm, usePageBirthDate } from './BirthDateForm.tsx';
import { PersonalCounts } from './PersonalCounts.tsx';

const asDate = (date: PlainDate) => new Date(date.year, date.month - 1, date.day);

/** A date that opens its day page, with how far away it is. */
function DayAhead({ date, days, lang }: { date: PlainDate; days: number; lang: Language }) {
  const { t } = useTranslation();
  const format = formatters(lang);
  return (
    <>
      <Link to={localizedPath(lang, `/context/${formatDate(date)}`)}>{format.date(asDate(date), 'long')}</Link>
      <span className="num ms-2">
        {days === 0 ? t('stats.today') : t('stats.inDays', { count: days, days: format.number(days) })}
      </span>
    </>
  );
}

/** A birth date counted in the calendar's cycles, and the 52-year cycle of birthday kins it lives in. */
export default function StatsPage() {
  const { t } = useTranslation();
  const lang = usePathLanguage();
  usePageTitle(t('pages.stats'));
  const birthDate = usePageBirthDate();
  const format = formatters(lang);

  const title = (
    <h1 className="h4 mb-3" data-testid="matrix-title">
      {t('pages.stats')}
    </h1>
  );
  const form = <BirthDateForm key={birthDate} initial={birthDate} />;
  if (!birthDate) {
    return (
      <>
        {title}
        <p className="text-body-secondary">{t('stats.intro')}</p>
        {form}
        <PersonalCounts lang={lang} />
      </>
    );
  }

  const birth = parseDate(birthDate);
  const now = today();
  const stats = lifeStats(birth, now);
  const cycle = Math.floor(stats.years / LIFE_CYCLE_YEARS);
  const years = lifeCycleYears(birth, cycle);
  const quarters = [0, 1, 2, 3]
    .map((quarter) => years.slice(quarter * 13, quarter * 13 + 13))
    .filter((quarter) => quarter.length > 0);
  const counts: [string, number][] = [
    ['days', stats.daysLived],
    ['years', stats.years],
    ['galacticReturns', stats.galacticReturns],
    ['moons', stats.moons],
    ['wavespells', stats.wavespells],
  ];

  return (
    <>
      {title}
      {form}
      {stats.daysLived < 0 && <p className="alert alert-info">{t('stats.notYet')}</p>}
      <dl className="today-facts stats-facts" data-testid="stats-facts">
        {counts.map(([key, value]) => (
          <div key={key} data-testid={`stats-${key}`} data-value={Math.max(0, value)}>
            <dt>{t(`stats.${key}`)}</dt>
            <dd className="stats-count">{format.number(Math.max(0, value))}</dd>
          </div>
        ))}
        <div data-testid="stats-next-return">
          <dt>{t('dash.nextReturn')}</dt>
          <dd>
            <DayAhead date={stats.nextReturn} days={stats.daysToNextReturn} lang={lang} />
          </dd>
        </div>
        {stats.nextBirthday && stats.daysToNextBirthday !== null && (
          <div data-testid="stats-next-birthday">
            <dt>{t('stats.nextBirthday')}</dt>
            <dd>
              <DayAhead date={stats.nextBirthday} days={stats.daysToNextBirthday} lang={lang} />
            </dd>
          </div>
        )}
      </dl>

      <TitledSection className="mt-4" titleClassName="h5" id="life-cycle-title" title={t('stats.cycleTitle')}>
        <p className="text-body-secondary">{t('stats.cycleText')}</p>
        <div className="life-cycle" data-testid="life-cycle">
          {quarters.map((quarter) => (
            <ol className="life-quarter" key={quarter[0]?.age} start={(quarter[0]?.age ?? 0) + 1}>
              {quarter.map((year) => {
                const current = year.age === stats.years && stats.daysLived >= 0;
                return (
                  <li key={year.age}>
                    <Link
                      className={`life-year${current ? ' is-current' : ''}`}
                      to={localizedPath(lang, `/context/${formatDate(year.birthday)}`)}
                      aria-current={current ? 'date' : undefined}
                      data-testid="life-year"
                      data-age={year.age}
                      data-kin={year.kin}
                    >
                      <KinCard kin={year.kin} lang={lang} size="sm" />
                      <span className="life-year-text">
                        <span className="life-age">{t('stats.age', { age: format.plain(year.age) })}</span>
                        <span className="life-date">{format.plain(year.birthday.year)}</span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ol>
          ))}
        </div>
      </TitledSection>
      <PersonalCounts lang={lang} />
    </>
  );
}
