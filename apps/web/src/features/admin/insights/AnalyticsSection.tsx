import { type AnalyticsChart, GRANULARITIES, type Granularity } from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Params, queryString, useAdminData } from '../data.ts';
import { AdminList } from '../list/AdminList.tsx';
import type { Column } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { Field, FilterSelect } from '../ui/fields.tsx';
import { Loaded } from '../ui/states.tsx';
import { utcDayFromToday } from './data.ts';
import { BarList, LineChart } from './LineChart.tsx';
import { Panel, RangeFields } from './parts.tsx';

interface EventRow {
  id: number;
  createdAt: string;
  event: string;
  platform: string | null;
  url: string | null;
  userId: string | null;
}

const EVENT_COLUMNS: Column<EventRow>[] = [
  { header: 'analytics.time', cell: (row) => row.createdAt.replace('T', ' ').slice(0, 19), className: 'text-nowrap' },
  { header: 'analytics.event', cell: (row) => row.event },
  { header: 'analytics.platform', cell: (row) => row.platform ?? '—' },
  { header: 'analytics.url', cell: (row) => row.url ?? '—', className: 'text-break' },
];

/** The last events of the chosen range and filters, a page at a time, with a CSV export. */
function EventsTable({ filters }: { filters: Params }) {
  const { t } = useTranslation('insights');
  const list = useList<EventRow>({ path: '/admin/analytics/events', filters: {}, limit: 20, params: filters });
  return (
    <section className="mt-4">
      <h2 className="h6">{t('analytics.events')}</h2>
      <AdminList
        list={list}
        columns={EVENT_COLUMNS}
        rowKey={(row) => row.id}
        ns="insights"
        csvName="analytics-events"
        empty={t('common.none')}
      />
    </section>
  );
}

/** /admin/analytics and /charts: the analytics events over time, by event and by platform. */
export function AnalyticsView({ withTable }: { withTable: boolean }) {
  const { t } = useTranslation('insights');
  const [range, setRange] = useState({ from: utcDayFromToday(-29), to: utcDayFromToday(0) });
  const [granularity, setGranularity] = useState<Granularity>('day');
  const [event, setEvent] = useState('');
  const [platform, setPlatform] = useState('');
  const filters = {
    from: range.from,
    to: range.to,
    event: event || undefined,
    platform: platform || undefined,
  };
  const query = useAdminData<AnalyticsChart>(`/admin/analytics/chart${queryString({ ...filters, granularity })}`);
  // The chosen event stays a choice while the range has none of it.
  const events = query.data?.byEvent.map((row) => row.event) ?? [];
  if (event && !events.includes(event)) events.push(event);
  const platforms = query.data?.byPlatform.flatMap((row) => (row.platform ? [row.platform] : [])) ?? [];
  return (
    <div data-testid="admin-analytics">
      <RangeFields from={range.from} to={range.to} onChange={setRange}>
        <Field label={t('analytics.granularity')}>
          <select
            id="insights-granularity"
            className="form-select form-select-sm"
            value={granularity}
            onChange={(e) => setGranularity(e.target.value as Granularity)}
          >
            {GRANULARITIES.map((value) => (
              <option key={value} value={value}>
                {t(`analytics.by.${value}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('analytics.event')}>
          <FilterSelect id="insights-event" value={event} onChange={setEvent} options={events} />
        </Field>
        <Field label={t('analytics.platform')}>
          <FilterSelect id="insights-platform" value={platform} onChange={setPlatform} options={platforms} />
        </Field>
      </RangeFields>
      <Loaded query={query}>
        {(data) => (
          <div className="row g-3">
            <Panel title={t('analytics.total', { count: data.total })} className="col-12">
              <LineChart
                points={data.series.map((point) => ({ label: point.bucket, value: point.count }))}
                label={t('analytics.overTime')}
                testId="chart-events"
              />
            </Panel>
            <Panel title={t('analytics.byEvent')}>
              <BarList
                rows={data.byEvent.map((row) => ({ name: row.event, count: row.count }))}
                label={t('analytics.byEvent')}
              />
            </Panel>
            <Panel title={t('analytics.byPlatform')}>
              <BarList
                rows={data.byPlatform.map((row) => ({
                  name: row.platform || t('analytics.noPlatform'),
                  count: row.count,
                }))}
                label={t('analytics.byPlatform')}
              />
            </Panel>
          </div>
        )}
      </Loaded>
      {withTable && <EventsTable filters={filters} />}
    </div>
  );
}

export default function AnalyticsSection() {
  return <AnalyticsView withTable />;
}
