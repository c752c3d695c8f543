import type { ClickStats, TelegramStats } from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryString, useAdminData } from '../data.ts';
import { CsvButton } from '../list/CsvButton.tsx';
import { Loaded } from '../ui/states.tsx';
import { utcDayFromToday } from './data.ts';
import { BarList, LineChart } from './LineChart.tsx';
import { Panel, RangeFields } from './parts.tsx';

/** /admin/stats/clicks (every tracked link) and /telegram-clicks (the chat-bot links only). */
export function ClicksView({ kind }: { kind?: 'bot' }) {
  const { t } = useTranslation('insights');
  const [range, setRange] = useState({ from: utcDayFromToday(-29), to: utcDayFromToday(0) });
  const filters = { ...range, kind };
  const query = useAdminData<ClickStats>(`/admin/stats/clicks${queryString(filters)}`);
  return (
    <div data-testid="admin-clicks">
      {kind === 'bot' && <BotFigures />}
      <RangeFields from={range.from} to={range.to} onChange={setRange}>
        <div className="col-12 col-md-auto">
          <CsvButton path="/admin/stats/clicks/list" params={filters} name="clicks" />
        </div>
      </RangeFields>
      <Loaded query={query}>
        {(data) => (
          <div className="row g-3">
            <Panel title={t('clicks.total', { count: data.total })} className="col-12">
              <LineChart
                points={data.series.map((point) => ({ label: point.day.slice(5), value: point.count }))}
                label={t('clicks.perDay')}
                testId="chart-clicks"
              />
            </Panel>
            <Panel title={t('clicks.bySource')} className="col-12 col-md-8">
              {data.bySource.length === 0 ? (
                <p className="text-body-secondary small">{t('common.none')}</p>
              ) : (
                <BarList
                  rows={data.bySource.map((row) => ({
                    name: `${t(`clicks.kind.${row.kind}`)} · ${row.source}`,
                    count: row.count,
                  }))}
                  label={t('clicks.bySource')}
                />
              )}
            </Panel>
          </div>
        )}
      </Loaded>
    </div>
  );
}

/** The bot's own figures above its links' clicks: linked chats, daily-message subscribers, sends per day. */
function BotFigures() {
  const { t } = useTranslation('insights');
  const query = useAdminData<TelegramStats>('/admin/telegram/stats');
  return (
    <Loaded query={query}>
      {(data) => (
        <div className="row g-3 mb-3" data-testid="admin-bot-figures">
          <Panel title={t('bot.title')} className="col-12">
            {data.enabled ? (
              <>
                <p className="small mb-2">
                  {t('bot.linked', { count: data.linked_chats })} ·{' '}
                  {t('bot.subscribers', { count: data.daily_subscribers })} ·{' '}
                  {t('bot.blocked', { count: data.blocked_chats })}
                </p>
                {data.days.length === 0 ? (
                  <p className="text-body-secondary small mb-0">{t('common.none')}</p>
                ) : (
                  <table className="table table-sm w-auto mb-0" data-testid="bot-days">
                    <thead>
                      <tr>
                        <th scope="col">{t('bot.day')}</th>
                        <th scope="col" className="text-end">
                          {t('bot.sent')}
                        </th>
                        <th scope="col" className="text-end">
                          {t('bot.failed')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.days.map((day) => (
                        <tr key={day.day}>
                          <td className="text-nowrap">{day.day}</td>
                          <td className="text-end">{day.sent}</td>
                          <td className="text-end">{day.failed}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </>
            ) : (
              <p className="text-body-secondary small mb-0">{t('bot.off')}</p>
            )}
          </Panel>
        </div>
      )}
    </Loaded>
  );
}

export default function ClicksSection() {
  return <ClicksView />;
}
