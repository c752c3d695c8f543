import type { ClickStats } from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv, queryString, useAdminData, utcDayFromToday } from './data.ts';
import { BarList, LineChart } from './LineChart.tsx';
import { Failed, Loading, RangeFields } from './parts.tsx';

/** /admin/stats/clicks (every tracked link) and /telegram-clicks (the chat-bot links only). */
export function ClicksView({ kind }: { kind?: 'bot' }) {
  const { t } = useTranslation('insights');
  const [range, setRange] = useState({ from: utcDayFromToday(-29), to: utcDayFromToday(0) });
  const filters = { ...range, kind };
  const query = useAdminData<ClickStats>(`/admin/stats/clicks${queryString(filters)}`);
  return (
    <div data-testid="admin-clicks">
      <RangeFields from={range.from} to={range.to} onChange={setRange}>
        <div className="col-12 col-md-auto">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() =>
              void downloadCsv(`/admin/stats/clicks/list${queryString({ ...filters, format: 'csv' })}`, 'clicks')
            }
          >
            {t('common.csv')}
          </button>
        </div>
      </RangeFields>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <Failed error={query.error} retry={() => void query.refetch()} />
      ) : (
        <div className="row g-3">
          <div className="col-12">
            <h2 className="h6">{t('clicks.total', { count: query.data.total })}</h2>
            <LineChart
              points={query.data.series.map((point) => ({ label: point.day.slice(5), value: point.count }))}
              label={t('clicks.perDay')}
              testId="chart-clicks"
            />
          </div>
          <div className="col-12 col-md-8">
            <h2 className="h6">{t('clicks.bySource')}</h2>
            {query.data.bySource.length === 0 ? (
              <p className="text-body-secondary small">{t('common.none')}</p>
            ) : (
              <BarList
                rows={query.data.bySource.map((row) => ({
                  name: `${t(`clicks.kind.${row.kind}`)} · ${row.source}`,
                  count: row.count,
                }))}
                label={t('clicks.bySource')}
              />
            )}
          </div>
        </div>
      )}
    </div>
  );
}

export default function ClicksSection() {
  return <ClicksView />;
}
