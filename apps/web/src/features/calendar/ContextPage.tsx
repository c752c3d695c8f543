import { calendarDay, formatDate, parseDate } from '@hunab/calendar';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageRedirect } from '../../components/PageRedirect.tsx';
import { languageOfPath, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useRouteParams } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { useSession } from '../auth/session.ts';
import { InvalidContextError, ReadingLockedError } from '../content/loader.ts';
import { ReadingView } from '../content/ReadingView.tsx';
import { useReading } from '../content/useReading.ts';
import { DayShare, KinSummary } from './KinSummary.tsx';
import { ContextSynchronometer } from './Synchronometer.tsx';

function parseOrNull(text: string | undefined) {
  try {
    return text ? parseDate(text) : null;
  } catch {
    return null;
  }
}

/** The seal of a date and its reading: /context/{YYYY-MM-DD}; a missing or invalid date means today. */
export default function ContextPage() {
  const { t } = useTranslation();
  const { date: dateParam } = useRouteParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const lang = languageOfPath(pathname);
  const selected = useSelectedDate();
  const date = parseOrNull(dateParam);
  const iso = date ? formatDate(date) : null;

  // The URL is the truth: it sets the selected date, and a date picked in the header moves the URL.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new URL date should set the selection
  useEffect(() => {
    if (date && iso !== selected.iso) selected.setDate(date);
  }, [iso]);
  const previousSelection = useRef(selected.iso);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new selection (prev/next, the date input) moves the URL
  useEffect(() => {
    if (previousSelection.current === selected.iso) return;
    previousSelection.current = selected.iso;
    if (iso && selected.iso !== iso) navigate(localizedPath(lang, `/context/${selected.iso}`));
  }, [selected.iso]);

  const day = calendarDay(date ?? selected.date, lang);
  const session = useSession();
  // Until the session is restored the reader is unknown, and with it what the date opens: no request yet.
  const dateContextReady = session.status !== 'restoring';
  const sign = day.kin.sign.number;
  const reading = useReading(
    'signs',
    sign,
    lang,
    { date: day.date, reader: session.user?.id ?? null },
    dateContextReady,
  );
  usePageTitle(`${t('pages.context')} · ${day.kin.sign.name}`);
  if (!date) return <PageRedirect to={localizedPath(lang, `/context/${selected.iso}`)} />;

  return (
    <>
      <h1 className="h4 mb-3" data-testid="matrix-title">
        {t('pages.context')}
      </h1>
      <KinSummary day={day} lang={lang} heading="h2" />
      <DayShare day={day} lang={lang} />
      <ContextSynchronometer day={day} lang={lang} />
      {reading.error instanceof ReadingLockedError ? (
        <section className="settings-card mt-3" data-testid="reading-locked" data-reason={reading.error.reason}>
          <p className="mb-2">
            {t(`reading.dateLocked.${reading.error.reason === 'basic_plan_restriction' ? 'basic' : 'free'}`)}
          </p>
          <Link
            className="btn btn-primary btn-sm"
            to={localizedPath(
              lang,
              `/subscription?source=context&reason=content_date_${reading.error.reason === 'basic_plan_restriction' ? 'basic' : 'free'}`,
            )}
          >
            {t('process.locked.subscribe')}
          </Link>
        </section>
      ) : !dateContextReady ? (
        <p className="text-body-secondary mt-3" role="status" data-testid="content-status">
          {t('contentErrors.dateNotReady')}
        </p>
      ) : reading.error instanceof InvalidContextError ? (
        <p className="alert alert-warning mt-3" role="alert" data-testid="content-error" data-problem="invalidContext">
          {t('contentErrors.invalidContext')}
        </p>
      ) : reading.error ? (
        <div className="alert alert-warning mt-3" role="alert" data-testid="content-error" data-problem="error">
          <p className="mb-2">{t('contentErrors.loadError')}</p>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void reading.refetch()}>
            {t('contentErrors.retry')}
          </button>
        </div>
      ) : reading.data ? (
        <>
          {reading.data.problem && (
            <p
              className="alert alert-warning mt-3"
              role="status"
              data-testid="content-error"
              data-problem={reading.data.problem}
            >
              {t(`contentErrors.${reading.data.problem}`, { n: sign })}
            </p>
          )}
          <ReadingView reading={reading.data} watermark="Hunab" />
        </>
      ) : (
        <p className="text-body-secondary mt-3" role="status">
          {t('app.loading')}
        </p>
      )}
    </>
  );
}
