import type { AdminReferrer } from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteParams } from '../../../lib/route-match.ts';
import { queryString, useAdminData, utcDayFromToday } from './data.ts';
import { LineChart } from './LineChart.tsx';
import { Failed, Loading, RangeFields, Stat } from './parts.tsx';

const day = (iso: string) => iso.slice(0, 10);

/** /admin/referrals/referrer/:referrerId/:source: one referrer's links of a source, their clicks, users and rewards. */
export default function ReferrerSection() {
  const { t } = useTranslation('insights');
  // The app matches its own route table (one catch-all router route), so the parameters come from that match.
  const { referrerId = '', source = '' } = useRouteParams();
  const [range, setRange] = useState({ from: utcDayFromToday(-29), to: utcDayFromToday(0) });
  const query = useAdminData<AdminReferrer>(
    `/admin/referrals/referrer/${encodeURIComponent(referrerId)}/${encodeURIComponent(source)}${queryString(range)}`,
  );
  return (
    <div data-testid="admin-referrer">
      <p className="small mb-2">
        <Link to="/admin/referrals">{t('referrals.back')}</Link>
      </p>
      <RangeFields from={range.from} to={range.to} onChange={setRange} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <Failed error={query.error} retry={() => void query.refetch()} />
      ) : (
        <div className="row g-3">
          <div className="col-12">
            <h2 className="h5 text-break mb-1">{query.data.referrer.email}</h2>
            <p className="small text-body-secondary mb-0">
              {t('referrals.source')}: {query.data.source} ·{' '}
              {query.data.links.map((link) => `${link.slug} → ${link.target} (${link.lang})`).join(', ')}
            </p>
          </div>
          <div className="col-12">
            <div className="row g-2">
              <Stat
                label={t('referrals.column.clicks')}
                value={String(query.data.clicksPerDay.reduce((sum, point) => sum + point.count, 0))}
              />
              <Stat label={t('referrals.column.signups')} value={String(query.data.referred.length)} />
              <Stat
                label={t('referrals.column.purchases')}
                value={String(query.data.referred.reduce((sum, user) => sum + user.purchases, 0))}
              />
              <Stat
                label={t('referrals.column.daysGranted')}
                value={String(
                  query.data.rewards
                    .filter((reward) => reward.status === 'granted')
                    .reduce((sum, reward) => sum + reward.days, 0),
                )}
              />
            </div>
          </div>
          <div className="col-12">
            <h2 className="h6">{t('referrals.clicksPerDay')}</h2>
            <LineChart
              points={query.data.clicksPerDay.map((point) => ({ label: point.day.slice(5), value: point.count }))}
              label={t('referrals.clicksPerDay')}
              testId="chart-referrer-clicks"
            />
          </div>
          <div className="col-12 col-xl-6">
            <h2 className="h6">{t('referrals.referred')}</h2>
            {query.data.referred.length === 0 ? (
              <p className="text-body-secondary small">{t('common.none')}</p>
            ) : (
              <div className="table-responsive">
                <table className="table table-sm small" data-testid="referred-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('referrals.email')}</th>
                      <th scope="col">{t('referrals.signedUpAt')}</th>
                      <th scope="col" className="text-end">
                        {t('referrals.column.purchases')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {query.data.referred.map((user) => (
                      <tr key={user.userId}>
                        <td className="text-break insights-cell-wide">{user.email}</td>
                        <td className="text-nowrap">{day(user.signedUpAt)}</td>
                        <td className="text-end">{user.purchases}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
          <div className="col-12 col-xl-6">
            <h2 className="h6">{t('referrals.rewards')}</h2>
            {query.data.rewards.length === 0 ? (
              <p className="text-body-secondary small">{t('common.none')}</p>
            ) : (
              <div className="table-responsive">
                <table className="table table-sm small" data-testid="rewards-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('referrals.email')}</th>
                      <th scope="col" className="text-end">
                        {t('referrals.days')}
                      </th>
                      <th scope="col">{t('referrals.status')}</th>
                      <th scope="col">{t('referrals.grantedAt')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {query.data.rewards.map((reward) => (
                      <tr key={reward.id}>
                        <td className="text-break insights-cell-wide">{reward.referredEmail}</td>
                        <td className="text-end">{reward.days}</td>
                        <td>
                          {t(`referrals.rewardStatus.${reward.status}`)}
                          {reward.reversedAt && ` · ${day(reward.reversedAt)}`}
                          {reward.reason && <div className="text-body-secondary text-break">{reward.reason}</div>}
                        </td>
                        <td className="text-nowrap">{day(reward.grantedAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
