import type { AdminReferrerRow } from '@hunab/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminList } from '../list/AdminList.tsx';
import type { Column } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { Field, SearchField } from '../ui/fields.tsx';

const NUMBERS = ['clicks', 'signups', 'purchases', 'rewardsGranted', 'rewardsReversed', 'daysGranted'] as const;
const SOURCE = /^[a-zA-Z0-9_-]{1,40}$/;

const COLUMNS: Column<AdminReferrerRow>[] = [
  {
    header: 'referrals.referrer',
    sort: 'email',
    cell: (row) => (
      <Link to={`/admin/referrals/referrer/${encodeURIComponent(row.referrerId)}/${encodeURIComponent(row.source)}`}>
        {row.email}
      </Link>
    ),
    className: 'text-break',
    minWidth: '12rem',
  },
  { header: 'referrals.source', sort: 'source', cell: (row) => row.source, className: 'text-break' },
  ...NUMBERS.map((column) => ({
    header: `referrals.column.${column}`,
    sort: column,
    cell: (row: AdminReferrerRow) => row[column],
    end: true,
  })),
];

/** /admin/referrals: every referrer and source with the clicks, sign-ups, purchases and rewards their links brought. */
export default function ReferralsSection() {
  const { t } = useTranslation('insights');
  const list = useList<AdminReferrerRow, { source: string }>({
    path: '/admin/referrals',
    filters: { source: '' },
    sort: 'signups',
    limit: 25,
  });
  return (
    <div data-testid="admin-referrals">
      <AdminList
        list={list}
        columns={COLUMNS}
        rowKey={(row) => `${row.referrerId}/${row.source}`}
        ns="insights"
        testId="referrers-table"
        csvName="referrers"
        empty={t('common.none')}
        total={(count) => t('referrals.total', { count })}
        fold={false}
        filters={
          <Field label={t('referrals.source')} wide>
            <SearchField
              id="referrals-source"
              type="text"
              maxLength={40}
              placeholder={t('referrals.sourceHint')}
              delay={0}
              onSearch={(source) => list.setFilters({ source: SOURCE.test(source) ? source : '' })}
            />
          </Field>
        }
      />
    </div>
  );
}
