import type { AdminOverview } from '@hunab/contracts';
import { useTranslation } from 'react-i18next';
import { formatters, type Language } from '../../../lib/languages.ts';
import { formatMoney } from '../../../lib/plans.ts';
import { useAdminData } from '../data.ts';
import { Table } from '../list/Table.tsx';
import { Loaded } from '../ui/states.tsx';
import { LineChart } from './LineChart.tsx';
import { Figure, Panel, Stat } from './parts.tsx';

const shortDay = (day: string) => day.slice(5);
const series = (list: AdminOverview['series']['registrations']) =>
  list.map((point) => ({ label: shortDay(point.day), value: point.count }));

/** /admin: the product's pulse in numbers, with 30-day charts. */
export default function OverviewSection() {
  const query = useAdminData<AdminOverview>('/admin/overview');
  return <Loaded query={query}>{(data) => <Overview data={data} />}</Loaded>;
}

function Overview({ data }: { data: AdminOverview }) {
  const { t, i18n } = useTranslation('insights');
  const number = formatters(i18n.language as Language).number;
  const amount = (currency: string, minor: number) => formatMoney(minor, currency, i18n.language as Language);
  return (
    <div data-testid="admin-overview">
      <div className="row g-2 mb-3">
        <Figure name="accounts" value={number(data.users.total)} testId="stat-users" />
        <Stat label={t('overview.newToday')} value={number(data.users.today)} />
        <Stat label={t('overview.new7')} value={number(data.users.week)} />
        <Stat label={t('overview.new30')} value={number(data.users.month)} />
        <Figure name="activeAccounts" value={number(data.activeToday.accounts)} />
        <Figure name="activeGuests" value={number(data.activeToday.guests)} />
        <Stat label={t('overview.commentsToday')} value={number(data.commentsToday)} />
        <Figure
          name="lettersFailed"
          value={number(data.letters.failed)}
          tone={data.letters.failed > 0 ? 'danger' : undefined}
        />
        <Figure name="lettersKept" value={number(data.letters.kept)} />
        <Figure name="lettersWaiting" value={number(data.letters.waiting)} />
      </div>
      <div className="row g-3">
        {(
          [
            [t('overview.registrations'), data.series.registrations, 'chart-registrations'],
            [t('figures.visitors.perDay'), data.series.visitors, 'chart-active'],
            [t('overview.comments'), data.series.comments, 'chart-comments'],
          ] as const
        ).map(([title, points, testId]) => (
          <Panel key={testId} title={title}>
            {testId === 'chart-active' && (
              <p className="small text-body-secondary mb-1">{t('figures.visitors.means')}</p>
            )}
            <LineChart points={series(points)} label={title} testId={testId} />
          </Panel>
        ))}
        {data.series.revenue.map((line) => (
          <Panel key={line.currency} title={t('overview.revenueDaily', { currency: line.currency })}>
            <LineChart
              points={series(line.days)}
              label={t('overview.revenueDaily', { currency: line.currency })}
              format={(value) => amount(line.currency, value)}
            />
          </Panel>
        ))}
        <Panel title={t('overview.subscriptions')}>
          <Table
            columns={[
              { header: '', cell: (row) => row.planId },
              { header: '', cell: (row) => number(row.count), end: true },
            ]}
            rows={data.subscriptionsByPlan}
            rowKey={(row) => row.planId}
            empty={t('common.none')}
          />
        </Panel>
        <Panel title={t('overview.revenue')}>
          <Table
            columns={[
              { header: 'overview.currency', cell: (row) => row.currency },
              { header: 'overview.thisMonth', cell: (row) => amount(row.currency, row.thisMonth), end: true },
              { header: 'overview.lastMonth', cell: (row) => amount(row.currency, row.lastMonth), end: true },
            ]}
            rows={data.revenue}
            rowKey={(row) => row.currency}
            empty={t('common.none')}
            ns="insights"
          />
        </Panel>
      </div>
    </div>
  );
}
