import {
  addDays,
  birthdayIn,
  calendarDay,
  formatDate,
  kinEntity,
  type Language,
  lastBirthday,
  type PlainDate,
  parseDate,
  today,
} from '@hunab/calendar';
import type { PersonalCycles } from '@hunab/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { OracleCross } from '../../components/glyphs/OracleCross.tsx';
import { useSimulatedAccess } from '../../lib/access-simulation.ts';
import { api } from '../../lib/api.ts';
import { formatters, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { useSession } from '../auth/session.ts';
import { openPricewall } from '../paywall/pricewall.ts';
import { BirthDateForm, usePageBirthDate } from './BirthDateForm.tsx';

type FullCycles = NonNullable<PersonalCycles['full']>;

const dateOf = (text: string) => {
  const date = parseDate(text);
  return new Date(date.year, date.month - 1, date.day);
};

/**
 * Personal cycles for a birth date from the URL hash. Everyone sees the current cycle (the birth kin and the
 * personal year under way); the rest (the oracle of the birth kin, the next return, the days lived and the years
 * around this one) is served by the server only to plans with `cycles.fullAccess`, and the others get the pricewall
 * (spec 000 sections 3 and 5, spec 001 section 9: the cycles_access trigger).
 */
export default function CyclesPage() {
  const { t } = useTranslation();
  const lang = usePathLanguage();
  usePageTitle(t('pages.cycles'));
  const birthDate = usePageBirthDate();
  const form = <BirthDateForm key={birthDate} initial={birthDate} />;
  const title = (
    <h1 className="h4 mb-3" data-testid="matrix-title">
      {t('pages.cycles')}
    </h1>
  );
  if (!birthDate) {
    return (
      <>
        {title}
        {form}
      </>
    );
  }
  return (
    <>
      {title}
      {form}
      <CurrentCycle birth={parseDate(birthDate)} birthDate={birthDate} lang={lang} />
      <FullCyclesSection birthDate={birthDate} lang={lang} />
    </>
  );
}

function CurrentCycle({ birth, birthDate, lang }: { birth: PlainDate; birthDate: string; lang: Language }) {
  const { t } = useTranslation();
  const now = today();
  const format = formatters(lang);
  const birthKin = kinEntity(calendarDay(birth).kin.number, lang);
  const born = birthDate <= formatDate(now);
  const start = lastBirthday(birth, now);
  const yearKin = kinEntity(calendarDay(start).kin.number, lang);
  const end = addDays(birthdayIn(birth, start.year + 1), -1);
  return (
    <>
      <section className="kin-page my-4" data-testid="cycles-birth-kin" data-kin={birthKin.number}>
        <KinCard
          kin={birthKin.number}
          lang={lang}
          size="lg"
          marks={{ portal: birthKin.isGalacticPortal, mystic: birthKin.isMysticColumn }}
        />
        <p className="text-body-secondary mt-2 mb-0">{t('dash.birthKin', { date: birthDate })}</p>
      </section>
      {born && (
        <dl className="today-facts" data-testid="cycles-current">
          <div>
            <dt>{t('dash.yearKin')}</dt>
            <dd data-testid="cycles-year-kin">
              {yearKin.number} · {yearKin.name}
            </dd>
          </div>
          <div>
            <dt>{t('cycles.currentYear')}</dt>
            <dd data-testid="cycles-year-dates">
              {format.date(dateOf(formatDate(start)), 'long')} – {format.date(dateOf(formatDate(end)), 'long')}
            </dd>
          </div>
        </dl>
      )}
    </>
  );
}

/** What the server serves beyond the current cycle, or the pricewall when the plan does not open it. */
function FullCyclesSection({ birthDate, lang }: { birthDate: string; lang: Language }) {
  const { t } = useTranslation();
  const session = useSession();
  // An administrator's simulated access shows the page as that reader sees it: only a paid, active one opens it all.
  const simulated = useSimulatedAccess(!!session.user?.is_admin);
  const query = useQuery({
    queryKey: ['personal-cycles', String(session.user?.id ?? ''), birthDate, formatDate(today())],
    queryFn: async () =>
      (await api<{ data: PersonalCycles }>(`/cycles/personal?birth_date=${birthDate}&today=${formatDate(today())}`))
        .data,
  });
  if (query.isPending) {
    return (
      <p className="text-body-secondary" role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        {t('cycles.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="alert alert-warning" role="alert" data-testid="cycles-error">
        {t('cycles.failed')}{' '}
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void query.refetch()}>
          {t('cycles.retry')}
        </button>
      </div>
    );
  }
  const full = query.data.full;
  if (!full || (simulated && simulated !== 'paid_active')) return <LockedCycles />;
  return <FullCyclesView full={full} birthKin={query.data.current.birth_kin} lang={lang} />;
}

function LockedCycles() {
  const { t } = useTranslation();
  return (
    <section className="cycles-locked" data-testid="cycles-locked" aria-labelledby="cycles-locked-title">
      <h2 className="h5" id="cycles-locked-title">
        {t('cycles.lockedTitle')}
      </h2>
      <p className="text-body-secondary">{t('cycles.lockedText')}</p>
      <button
        type="button"
        className="btn btn-primary"
        data-testid="cycles-unlock"
        onClick={() => openPricewall({ reason: 'cycles_access' })}
      >
        {t('cycles.unlock')}
      </button>
    </section>
  );
}

function FullCyclesView({ full, birthKin, lang }: { full: FullCycles; birthKin: number; lang: Language }) {
  const { t } = useTranslation();
  const format = formatters(lang);
  const kin = kinEntity(birthKin, lang);
  return (
    <div data-testid="cycles-full">
      <dl className="today-facts">
        <div>
          <dt>{t('dash.nextReturn')}</dt>
          <dd data-testid="cycles-next-return">
            <Link to={localizedPath(lang, `/context/${full.next_return}`)}>
              {format.date(dateOf(full.next_return), 'long')}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{t('dash.daysLived')}</dt>
          <dd data-testid="cycles-days">
            {full.days_lived >= 0
              ? t('dash.daysAndRounds', {
                  days: format.number(full.days_lived),
                  rounds: format.number(full.galactic_returns),
                })
              : '—'}
          </dd>
        </div>
      </dl>
      <h2 className="h5 mt-4">{t('pages.cross')}</h2>
      <OracleCross kin={kin} lang={lang} testId="cycles-oracle" />
      {full.years.length > 0 && (
        <>
          <h2 className="h5 mt-4">{t('cycles.yearsTitle')}</h2>
          <ol className="cycles-years list-unstyled" data-testid="cycles-years">
            {full.years.map((year) => (
              <li key={year.age} data-age={year.age}>
                <Link to={localizedPath(lang, `/context/${year.birthday}`)}>
                  {t('cycles.year', { age: year.age, date: format.date(dateOf(year.birthday), 'long') })}
                </Link>{' '}
                · {year.kin} · {kinEntity(year.kin, lang).name}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
