import type { UserStats } from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryString, useAdminData, utcDayFromToday } from './data.ts';
import { BarList, LineChart } from './LineChart.tsx';
import { Failed, Loading, RangeFields, Stat } from './parts.tsx';

/** /admin/stats/users: sign-ups by day, source and language, verification and retention by week of sign-up. */
export default function UserStatsSection() {
  const [range, setRange] = useState({ from: utcDayFromToday(-29), to: utcDayFromToday(0) });
  const query = useAdminData<UserStats>(`/admin/stats/users${queryString(range)}`);
  return (
    <div data-testid="admin-user-stats">
      <RangeFields from={range.from} to={range.to} onChange={setRange} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <Failed error={query.error} retry={() => void query.refetch()} />
      ) : (
        <UserStatsView data={query.data} />
      )}
    </div>
  );
}

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
  return (
    <div className="row g-3">
      <div className="col-12">
        <div className="row g-2">
          <Stat label={t('users.total')} value={String(data.total)} />
          <Stat label={t('users.verified')} value={String(data.verified)} />
          <Stat label={t('users.verificationRate')} value={`${rate}%`} />
        </div>
      </div>
      <div className="col-12">
        <h2 className="h6">{t('users.perDay')}</h2>
        <LineChart points={points} label={t('users.perDay')} testId="chart-registrations-per-day" />
      </div>
      <div className="col-12 col-md-6">
        <h2 className="h6">{t('users.bySource')}</h2>
        <BarList
          rows={data.bySource.map((row) => ({ name: row.source, count: row.count }))}
          label={t('users.bySource')}
        />
      </div>
      <div className="col-12 col-md-6">
        <h2 className="h6">{t('users.byLanguage')}</h2>
        <BarList
          rows={data.byLanguage.map((row) => ({ name: row.lang, count: row.count }))}
          label={t('users.byLanguage')}
        />
      </div>
      <div className="col-12">
        <h2 className="h6">{t('users.retention')}</h2>
        <p className="small text-body-secondary">{t('users.retentionHelp')}</p>
        <div className="table-responsive">
          <table className="table table-sm small text-nowrap">
            <thead>
              <tr>
                <th scope="col">{t('users.cohort')}</th>
                <th scope="col" className="text-end">
                  {t('users.size')}
                </th>
                {Array.from({ length: data.retention[0]?.weeks.length ?? 8 }, (_, k) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are the weeks after sign-up, by number
                  <th key={k} scope="col" className="text-end">
                    {t('users.week', { n: k })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.retention.map((cohort) => (
                <tr key={cohort.week}>
                  <td>{cohort.week}</td>
                  <td className="text-end">{cohort.size}</td>
                  {cohort.weeks.map((count, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the week after sign-up
                    <td key={k} className="text-end">
                      {cohort.size ? `${Math.round((100 * count) / cohort.size)}%` : '—'}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
