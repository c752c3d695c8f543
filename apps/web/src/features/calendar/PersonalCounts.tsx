import type { Language } from '@hunab/calendar';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BarChart } from '../../components/BarChart.tsx';
import { formatters, localizedPath } from '../../lib/languages.ts';
import { fetchPersonalStats, PERSONAL_STATS_KEY } from '../../lib/personal-stats.ts';
import { useSession } from '../auth/session.ts';

/** The signed-in user's own counts on the statistics page: the journal now, the game when it keeps results. */
export function PersonalCounts({ lang }: { lang: Language }) {
  const { t } = useTranslation('journal');
  const session = useSession();
  const signedIn = session.status === 'authenticated' && !!session.token && !session.user?.isOfflineUser;
  const query = useQuery({
    queryKey: [...PERSONAL_STATS_KEY, String(session.user?.id ?? '')],
    queryFn: fetchPersonalStats,
    enabled: signedIn,
    staleTime: 60_000,
  });
  const format = formatters(lang);
  if (!signedIn) return null;
  const journal = query.data?.journal;
  return (
    <section className="mt-4" aria-labelledby="personal-counts-title" data-testid="personal-counts">
      <h2 className="h5" id="personal-counts-title">
        {t('stats.title')}
      </h2>
      {journal && (
        <>
          <dl className="today-facts stats-facts">
            <div data-testid="stats-journal-total" data-value={journal.total}>
              <dt>{t('stats.total')}</dt>
              <dd className="stats-count">{format.number(journal.total)}</dd>
            </div>
            <div data-testid="stats-journal-streak" data-value={journal.streak}>
              <dt>{t('stats.streak')}</dt>
              <dd className="stats-count">{format.number(journal.streak)}</dd>
            </div>
          </dl>
          {journal.total > 0 ? (
            <figure className="mt-3">
              <BarChart
                label={t('stats.byMonth')}
                testId="stats-journal-chart"
                bars={journal.byMonth.map((month) => ({
                  label: format.plain(Number(month.month.slice(5))),
                  title: month.month,
                  value: month.count,
                }))}
              />
              <figcaption className="small text-body-secondary">{t('stats.byMonth')}</figcaption>
            </figure>
          ) : (
            <p className="text-body-secondary">{t('stats.empty')}</p>
          )}
          <Link to={localizedPath(lang, '/journal')}>{t('stats.open')}</Link>
        </>
      )}
    </section>
  );
}
