import type { UserStats } from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryString, useAdminData } from '../data.ts';
import { type Column, Table } from '../list/Table.tsx';
import { Loaded } from '../ui/states.tsx';
import { utcDayFromToday } from './data.ts';
import { BarList, LineChart } from './LineChart.tsx';
import { Panel, RangeFields, Stat } from './parts.tsx';

/** /admin/stats/users: sign-ups by day, source and language, verification and retention by week of sign-up. */
export default function UserStatsSection() {
  const [range, setRange] = useState({ from: utcDayFromToday(-29), to: utcDayFromToday(0) });
  const query = useAdminData<UserStats>(`/admin/stats/users${queryString(range)}`);
  return (
    <div data-testid="admin-user-stats">
      <RangeFields from={range.from} to={range.to} onChange={setRange} />
      <Loaded query={query}>{(data) => <UserStatsView data={data} />}</Loaded>
    </div>
  );
}

type Cohort = UserStats['retention'][number];

function UserStatsView({ data }: { data: UserStats }) {
  const { t } = useTranslation('insights');
  const perDay = new Map<string, number>();
  for (const row of data.registrations) perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.count);
  const points: Array<{ label: string; value: number }> = [];
  for (
    let day = data.from;
    day <= data.to;
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  )
    points.push({ label: day.slice(5), value: perDay.get(day) ?? 0 });
  const rate = data.total === 0 ? 0 : Math.round((100 * data.verified) / data.total);
  const retention: Column<Cohort>[] = [
    { header: 'users.cohort', cell: (cohort) => cohort.week, className: 'text-nowrap' },
    { header: 'users.size', cell: (cohort) => cohort.size, className: 'text-nowrap', end: true },
    ...Array.from(
      { length: data.retention[0]?.weeks.length ?? 8 },
      (_, week): Column<Cohort> => ({
        header: { text: t('users.week', { n: week }) },
        cell: (cohort) => {
          const count = cohort.weeks[week] ?? 0;
          return cohort.size ? `${Math.round((100 * count) / cohort.size)}%` : '—';
        },
        className: 'text-nowrap',
        end: true,
      }),
    ),
  ];
  return (
    <div className="row g-3">
      <div className="col-12">
        <div className="row g-2">
          <Stat label={t('users.total')} value={String(data.total)} />
          <Stat label={t('users.verified')} value={String(data.verified)} />
          <Stat label={t('users.verificationRate')} value={`${rate}%`} />
        </div>
      </div>
      <Panel title={t('users.perDay')} className="col-12">
        <LineChart points={points} label={t('users.perDay')} testId="chart-registrations-per-day" />
      </Panel>
      <Panel title={t('users.bySource')}>
        <BarList
          rows={data.bySource.map((row) => ({ name: row.source, count: row.count }))}
          label={t('users.bySource')}
        />
      </Panel>
      <Panel title={t('users.byLanguage')}>
        <BarList
          rows={data.byLanguage.map((row) => ({ name: row.lang, count: row.count }))}
          label={t('users.byLanguage')}
        />
      </Panel>
      <Panel title={t('users.retention')} className="col-12">
        <p className="small text-body-secondary">{t('users.retentionHelp')}</p>
        <Table columns={retention} rows={data.retention} rowKey={(cohort) => cohort.week} ns="insights" />
      </Panel>
    </div>
  );
}
