import type { AdminOverview } from '@hunab/contracts';
import { useTranslation } from 'react-i18next';
import { formatters, type Language } from '../../../lib/languages.ts';
import { money, useAdminData } from './data.ts';
import { LineChart } from './LineChart.tsx';
import { Failed, Loading, Stat } from './parts.tsx';

const shortDay = (day: string) => day.slice(5);

/** /admin: the product's pulse in numbers, with 30-day charts. */
export default function OverviewSection() {
  const { t, i18n } = useTranslation('insights');
  const query = useAdminData<AdminOverview>('/admin/overview');
  if (query.isPending) return <Loading />;
  if (query.isError) return <Failed error={query.error} retry={() => void query.refetch()} />;
  const data = query.data;
  const number = formatters(i18n.language as Language).number;
  const series = (list: AdminOverview['series']['registrations']) =>
    list.map((point) => ({ label: shortDay(point.day), value: point.count }));
  return (
    <div data-testid="admin-overview">
      <div className="row g-2 mb-3">
        <Stat label={t('overview.usersTotal')} value={number(data.users.total)} testId="stat-users" />
        <Stat label={t('overview.newToday')} value={number(data.users.today)} />
        <Stat label={t('overview.new7')} value={number(data.users.week)} />
        <Stat label={t('overview.new30')} value={number(data.users.month)} />
        <Stat label={t('overview.activeToday')} value={number(data.activeToday)} />
        <Stat label={t('overview.commentsToday')} value={number(data.commentsToday)} />
        <Stat
          label={t('overview.failedEmails')}
          value={number(data.failedEmails)}
          tone={data.failedEmails > 0 ? 'danger' : undefined}
        />
      </div>
      <div className="row g-3">
        <div className="col-12 col-md-6">
          <h2 className="h6">{t('overview.registrations')}</h2>
          <LineChart
            points={series(data.series.registrations)}
            label={t('overview.registrations')}
            testId="chart-registrations"
          />
        </div>
        <div className="col-12 col-md-6">
          <h2 className="h6">{t('overview.activeUsers')}</h2>
          <LineChart points={series(data.series.activeUsers)} label={t('overview.activeUsers')} testId="chart-active" />
        </div>
        <div className="col-12 col-md-6">
          <h2 className="h6">{t('overview.comments')}</h2>
          <LineChart points={series(data.series.comments)} label={t('overview.comments')} testId="chart-comments" />
        </div>
        {data.series.revenue.map((line) => (
          <div key={line.currency} className="col-12 col-md-6">
            <h2 className="h6">{t('overview.revenueDaily', { currency: line.currency })}</h2>
            <LineChart
              points={series(line.days)}
              label={t('overview.revenueDaily', { currency: line.currency })}
              format={(value) => money(i18n.language, line.currency, value)}
            />
          </div>
        ))}
        <div className="col-12 col-md-6">
          <h2 className="h6">{t('overview.subscriptions')}</h2>
          {data.subscriptionsByPlan.length === 0 ? (
            <p className="text-body-secondary small">{t('common.none')}</p>
          ) : (
            <div className="table-responsive">
              <table className="table table-sm">
                <tbody>
                  {data.subscriptionsByPlan.map((row) => (
                    <tr key={row.planId}>
                      <td>{row.planId}</td>
                      <td className="text-end">{number(row.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
        <div className="col-12 col-md-6">
          <h2 className="h6">{t('overview.revenue')}</h2>
          {data.revenue.length === 0 ? (
            <p className="text-body-secondary small">{t('common.none')}</p>
          ) : (
            <div className="table-responsive">
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th scope="col">{t('overview.currency')}</th>
                    <th scope="col" className="text-end">
                      {t('overview.thisMonth')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('overview.lastMonth')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.revenue.map((row) => (
                    <tr key={row.currency}>
                      <td>{row.currency}</td>
                      <td className="text-end">{money(i18n.language, row.currency, row.thisMonth)}</td>
                      <td className="text-end">{money(i18n.language, row.currency, row.lastMonth)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
