import {
  calendarDay,
  dayNumber,
  formatDate,
  kinEntity,
  nextDateOfKin,
  type PlainDate,
  parseDate,
  today,
} from '@hunab/calendar';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { KinCard } from '../../components/glyphs/KinCard.tsx';
import { formatters, languageOfPath, localizedPath } from '../../lib/languages.ts';
import { useSession } from '../auth/session.ts';
import { birthDateFromUrl, encodeBirthDate } from './birthDate.ts';
import { OracleCross } from './OracleCross.tsx';

/** The last birthday on or before `on` (29 February counts on 28 February in common years). */
function lastBirthday(birth: PlainDate, on: PlainDate): PlainDate {
  const day = (year: number) => ({
    year,
    month: birth.month,
    day: birth.month === 2 && birth.day === 29 ? 28 : birth.day,
  });
  const thisYear = day(on.year);
  return formatDate(thisYear) <= formatDate(on) ? thisYear : day(on.year - 1);
}

/** Personal cycles for a birth date from the URL hash: the birth kin, its oracle, the kin of this year, the next return. */
export default function CyclesPage() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const lang = languageOfPath(pathname);
  const session = useSession();
  usePageTitle(t('pages.cycles'));
  const birthDate = birthDateFromUrl(hash, search) ?? session.user?.birth_date ?? null;
  const [value, setValue] = useState(birthDate ?? '');
  // A card picked from the cards bar changes the hash while the page stays: the field follows it.
  useEffect(() => setValue(birthDate ?? ''), [birthDate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.length === 10) navigate(`${pathname}#${encodeBirthDate(value)}`);
  };

  const form = (
    <form className="settings-card d-flex gap-2 flex-wrap align-items-end" onSubmit={submit}>
      <div>
        <label className="form-label small" htmlFor="cycles-birth-date">
          {t('account.birthDate')}
        </label>
        <input
          id="cycles-birth-date"
          type="date"
          className="form-control"
          min="1000-01-01"
          max="9999-12-31"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={value.length !== 10}>
        {t('dash.calculate')}
      </button>
    </form>
  );

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
  const nextReturn = nextDateOfKin(now, birthKin.number);
  const days = dayNumber(now) - dayNumber(birth);
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
