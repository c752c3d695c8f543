import { calendarDay } from '@hunab/calendar';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { formatters, languageOfPath } from '../../lib/languages.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { KinSummary } from './KinSummary.tsx';

/** The dashboard: the kin of the selected day (today by default), computed in the browser. */
export default function DashPage() {
  const { t } = useTranslation();
  const lang = languageOfPath(useLocation().pathname);
  const { date, isToday } = useSelectedDate();
  usePageTitle(t('pages.dash'));
  const day = calendarDay(date, lang);
  const formatted = formatters(lang).date(new Date(date.year, date.month - 1, date.day), 'full');
  return (
    <>
      <p className="today-date text-body-secondary" data-testid="today-date">
        {isToday ? `${t('today.title')} · ` : ''}
        <time dateTime={day.date}>{formatted}</time>
      </p>
      <KinSummary day={day} lang={lang} />
    </>
  );
}
