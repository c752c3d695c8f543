import type { AdminOverview } from '@hunab/contracts';
import { useTranslation } from 'react-i18next';
import { formatters, type Language } from '../../../lib/languages.ts';
import { useAdminData } from '../data.ts';
import { Table } from '../list/Table.tsx';
import { Loaded } from '../ui/states.tsx';
import { money } from './data.ts';
import { LineChart } from './LineChart.tsx';
import { Panel, Stat } from './parts.tsx';

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
  const amount = (currency: string, minor: number) => money(i18n.language, currency, minor);
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
        {(
          [
            ['registrations', data.series.registrations, 'chart-registrations'],
            ['activeUsers', data.series.activeUsers, 'chart-active'],
            ['comments', data.series.comments, 'chart-comments'],
          ] as const
        ).map(([name, points, testId]) => (
          <Panel key={name} title={t(`overview.${name}`)}>
            <LineChart points={series(points)} label={t(`overview.${name}`)} testId={testId} />
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
