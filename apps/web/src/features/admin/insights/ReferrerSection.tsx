import type { AdminReferrer } from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteParams } from '../../../lib/route-match.ts';
import { queryString, useAdminData } from '../data.ts';
import { type Column, Table } from '../list/Table.tsx';
import { Loaded } from '../ui/states.tsx';
import { utcDayFromToday } from './data.ts';
import { LineChart } from './LineChart.tsx';
import { Panel, RangeFields, Stat } from './parts.tsx';

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
      <Loaded query={query}>{(data) => <Referrer data={data} />}</Loaded>
    </div>
  );
}

function Referrer({ data }: { data: AdminReferrer }) {
  const { t } = useTranslation('insights');
  const sum = <T,>(rows: readonly T[], value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0);
  const referred: Column<AdminReferrer['referred'][number]>[] = [
    { header: 'referrals.email', cell: (user) => user.email, className: 'text-break', minWidth: '12rem' },
    { header: 'referrals.signedUpAt', cell: (user) => day(user.signedUpAt), className: 'text-nowrap' },
    { header: 'referrals.column.purchases', cell: (user) => user.purchases, end: true },
    {
      header: 'referrals.sameAddress',
      cell: (user) =>
        user.sameAddress > 0 && (
          <span className="badge text-bg-warning" data-flag="same-address">
            {t('referrals.sameAddressCount', { count: user.sameAddress })}
          </span>
        ),
    },
  ];
  const rewards: Column<AdminReferrer['rewards'][number]>[] = [
    { header: 'referrals.email', cell: (reward) => reward.referredEmail, className: 'text-break', minWidth: '12rem' },
    { header: 'referrals.days', cell: (reward) => reward.days, end: true },
    {
      header: 'referrals.status',
      cell: (reward) => (
        <>
          {t(`referrals.rewardStatus.${reward.status}`)}
          {reward.reversedAt && ` · ${day(reward.reversedAt)}`}
          {reward.reason && <div className="text-body-secondary text-break">{reward.reason}</div>}
        </>
      ),
    },
    { header: 'referrals.grantedAt', cell: (reward) => day(reward.grantedAt), className: 'text-nowrap' },
  ];
  return (
    <div className="row g-3">
      <div className="col-12">
        <h2 className="h5 text-break mb-1">{data.referrer.email}</h2>
        <p className="small text-body-secondary mb-0">
          {t('referrals.source')}: {data.source} ·{' '}
          {data.links.map((link) => `${link.slug} → ${link.target} (${link.lang})`).join(', ')}
        </p>
      </div>
      <div className="col-12">
        <div className="row g-2">
          <Stat label={t('referrals.column.clicks')} value={String(sum(data.clicksPerDay, (point) => point.count))} />
          <Stat label={t('referrals.column.signups')} value={String(data.referred.length)} />
          <Stat label={t('referrals.column.purchases')} value={String(sum(data.referred, (user) => user.purchases))} />
          <Stat
            label={t('referrals.column.daysGranted')}
            value={String(sum(data.rewards, (reward) => (reward.status === 'granted' ? reward.days : 0)))}
          />
        </div>
      </div>
      <Panel title={t('referrals.clicksPerDay')} className="col-12">
        <LineChart
          points={data.clicksPerDay.map((point) => ({ label: point.day.slice(5), value: point.count }))}
          label={t('referrals.clicksPerDay')}
          testId="chart-referrer-clicks"
        />
      </Panel>
      <Panel title={t('referrals.referred')} className="col-12 col-xl-6">
        <Table
          columns={referred}
          rows={data.referred}
          rowKey={(user) => user.userId}
          empty={t('common.none')}
          ns="insights"
          testId="referred-table"
        />
      </Panel>
      <Panel title={t('referrals.rewards')} className="col-12 col-xl-6">
        <Table
          columns={rewards}
          rows={data.rewards}
          rowKey={(reward) => reward.id}
          empty={t('common.none')}
          ns="insights"
          testId="rewards-table"
        />
      </Panel>
    </div>
  );
}
