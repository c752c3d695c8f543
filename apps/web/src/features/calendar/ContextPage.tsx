import { calendarDay, formatDate, type Language, parseDate } from '@hunab/calendar';
import { GUEST_DATE_KEY } from '@hunab/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageRedirect } from '../../components/PageRedirect.tsx';
import { ReadingView } from '../../components/ReadingView.tsx';
import { formatters, languageOfPath, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { InvalidContextError, ReadingLockedError } from '../../lib/readings.ts';
import { useRouteParams } from '../../lib/route-match.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { useReading } from '../../lib/use-reading.ts';
import { useSession } from '../auth/session.ts';
import { DayShare, KinSummary } from './KinSummary.tsx';
import { ContextSynchronometer } from './Synchronometer.tsx';

function parseOrNull(text: string | undefined) {
  try {
    return text ? parseDate(text) : null;
  } catch {
    return null;
  }
}

/**
 * In place of the reading, for a guest who has used their one free date: what signing in gives, and the way there
 * (the server refuses the reading itself).
 */
function GuestDateLocked({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  return (
    <section
      className="settings-card mt-3 reading-guest-locked"
      data-testid="reading-locked"
      data-reason="guest_date_limit"
    >
      <p className="mb-2">{t('reading.dateLocked.guest')}</p>
      <div className="d-flex flex-wrap gap-2">
        <Link className="btn btn-primary btn-sm" to={localizedPath(lang, '/register')}>
          {t('access:prompt.register')}
        </Link>
        <Link className="btn btn-outline-secondary btn-sm" to={localizedPath(lang, '/login')}>
          {t('access:prompt.signIn')}
        </Link>
      </div>
    </section>
  );
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
    if (date && iso !== selected.iso) selected.showDate(date);
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
  const shown = date ?? selected.date;
  const when = formatters(lang).date(new Date(shown.year, shown.month - 1, shown.day));
  // A guest's date the server already knows is not their free one (the page it rendered says so), or refused since.
  const queryClient = useQueryClient();
  const guestClosed =
    !session.user && queryClient.getQueryData<{ open: boolean }>([GUEST_DATE_KEY, day.date])?.open === false;
  const lockReason =
    reading.error instanceof ReadingLockedError ? reading.error.reason : guestClosed ? 'guest_date_limit' : null;
  usePageTitle(`${t('pages.context')} · ${day.kin.sign.name} · ${when}`);
  if (!date) return <PageRedirect to={localizedPath(lang, `/context/${selected.iso}`)} />;

  return (
    <>
      <h1 className="h4 mb-3" data-testid="matrix-title">
        {t('pages.context')} · {when}
      </h1>
      <KinSummary day={day} lang={lang} heading="h2" />
      <DayShare day={day} lang={lang} />
      <ContextSynchronometer day={day} lang={lang} />
      {lockReason === 'guest_date_limit' ? (
        <GuestDateLocked lang={lang} />
      ) : lockReason !== null ? (
        <section className="settings-card mt-3" data-testid="reading-locked" data-reason={lockReason}>
          <p className="mb-2">
            {t(`reading.dateLocked.${lockReason === 'basic_plan_restriction' ? 'basic' : 'free'}`)}
          </p>
          <Link
            className="btn btn-primary btn-sm"
            to={localizedPath(
              lang,
              `/subscription?source=context&reason=content_date_${lockReason === 'basic_plan_restriction' ? 'basic' : 'free'}`,
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
