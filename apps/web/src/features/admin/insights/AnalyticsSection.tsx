import { type AnalyticsChart, GRANULARITIES, type Granularity } from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv, queryString, useAdminData, utcDayFromToday } from './data.ts';
import { BarList, LineChart } from './LineChart.tsx';
import { Failed, Loading, RangeFields } from './parts.tsx';

interface EventRow {
  id: number;
  createdAt: string;
  event: string;
  platform: string | null;
  url: string | null;
  userId: string | null;
}

/** The last events of the chosen range and filters, a page at a time, with a CSV export. */
function EventsTable({ filters }: { filters: Record<string, string | undefined> }) {
  const { t } = useTranslation('insights');
  const [page, setPage] = useState(1);
  const path = `/admin/analytics/events${queryString({ ...filters, page: String(page), limit: '20' })}`;
  const query = useAdminData<EventRow[]>(path);
  const [exporting, setExporting] = useState<string | null>(null);
  return (
    <section className="mt-4">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 className="h6 mb-0">{t('analytics.events')}</h2>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => {
            setExporting(null);
            downloadCsv(
              `/admin/analytics/events${queryString({ ...filters, format: 'csv' })}`,
              'analytics-events',
            ).catch((error: Error) => setExporting(error.message));
          }}
        >
          {t('common.csv')}
        </button>
      </div>
      {exporting && <Failed error={exporting} />}
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <Failed error={query.error} retry={() => void query.refetch()} />
      ) : (
        <>
          <div className="table-responsive">
            <table className="table table-sm small">
              <thead>
                <tr>
                  <th scope="col">{t('analytics.time')}</th>
                  <th scope="col">{t('analytics.event')}</th>
                  <th scope="col">{t('analytics.platform')}</th>
                  <th scope="col">{t('analytics.url')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.map((row) => (
                  <tr key={row.id}>
                    <td className="text-nowrap">{row.createdAt.replace('T', ' ').slice(0, 19)}</td>
                    <td>{row.event}</td>
                    <td>{row.platform ?? '—'}</td>
                    <td className="text-break">{row.url ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="d-flex gap-2">
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={page === 1}
              onClick={() => setPage(page - 1)}
            >
              {t('common.previous')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={query.data.length < 20}
              onClick={() => setPage(page + 1)}
            >
              {t('common.next')}
            </button>
          </div>
        </>
      )}
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
  return (
    <div data-testid="admin-analytics">
      <RangeFields from={range.from} to={range.to} onChange={setRange}>
        <div className="col-6 col-md-2">
          <label className="form-label small mb-0" htmlFor="insights-granularity">
            {t('analytics.granularity')}
          </label>
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
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small mb-0" htmlFor="insights-event">
            {t('analytics.event')}
          </label>
          <select
            id="insights-event"
            className="form-select form-select-sm"
            value={event}
            onChange={(e) => setEvent(e.target.value)}
          >
            <option value="">{t('common.all')}</option>
            {query.data?.byEvent.map((row) => (
              <option key={row.event} value={row.event}>
                {row.event}
              </option>
            ))}
            {event && !query.data?.byEvent.some((row) => row.event === event) && <option value={event}>{event}</option>}
          </select>
        </div>
        <div className="col-12 col-md-2">
          <label className="form-label small mb-0" htmlFor="insights-platform">
            {t('analytics.platform')}
          </label>
          <select
            id="insights-platform"
            className="form-select form-select-sm"
            value={platform}
            onChange={(e) => setPlatform(e.target.value)}
          >
            <option value="">{t('common.all')}</option>
            {query.data?.byPlatform
              .filter((row) => row.platform)
              .map((row) => (
                <option key={row.platform} value={row.platform}>
                  {row.platform}
                </option>
              ))}
          </select>
        </div>
      </RangeFields>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <Failed error={query.error} retry={() => void query.refetch()} />
      ) : (
        <div className="row g-3">
          <div className="col-12">
            <h2 className="h6">{t('analytics.total', { count: query.data.total })}</h2>
            <LineChart
              points={query.data.series.map((point) => ({ label: point.bucket, value: point.count }))}
              label={t('analytics.overTime')}
              testId="chart-events"
            />
          </div>
          <div className="col-12 col-md-6">
            <h2 className="h6">{t('analytics.byEvent')}</h2>
            <BarList
              rows={query.data.byEvent.map((row) => ({ name: row.event, count: row.count }))}
              label={t('analytics.byEvent')}
            />
          </div>
          <div className="col-12 col-md-6">
            <h2 className="h6">{t('analytics.byPlatform')}</h2>
            <BarList
              rows={query.data.byPlatform.map((row) => ({
                name: row.platform || t('analytics.noPlatform'),
                count: row.count,
              }))}
              label={t('analytics.byPlatform')}
            />
          </div>
        </div>
      )}
      {withTable && <EventsTable filters={filters} />}
    </div>
  );
}

export default function AnalyticsSection() {
  return <AnalyticsView withTable />;
}
