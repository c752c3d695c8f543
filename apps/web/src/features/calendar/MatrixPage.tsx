import { calendarDay } from '@hunab/calendar';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import type { RouteHandle } from '../../app/router.tsx';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { languageOfPath } from '../../lib/languages.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { KinSummary } from './KinSummary.tsx';

/** A matrix page: its title and the kin of the selected date, until its own grid arrives. */
export default function MatrixPage() {
  const { t } = useTranslation();
  const lang = languageOfPath(useLocation().pathname);
  const matches = useMatches();
  const entry = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.entry;
  const title = t(`pages.${entry?.title ?? 'dash'}`);
  usePageTitle(title);
  const { date } = useSelectedDate();
  return (
    <>
      <h1 className="h4 mb-3" data-testid="matrix-title">
        {title}
      </h1>
      <KinSummary day={calendarDay(date, lang)} lang={lang} heading="h2" />
    </>
  );
}
