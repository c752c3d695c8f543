import type { AdminReferrerRow } from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadCsv, queryString, useAdminList } from './data.ts';
import { Failed, Loading, Pager, SortHeader } from './parts.tsx';

const LIMIT = 25;
const NUMBERS = ['clicks', 'signups', 'purchases', 'rewardsGranted', 'rewardsReversed', 'daysGranted'] as const;

/** /admin/referrals: every referrer and source with the clicks, sign-ups, purchases and rewards their links brought. */
export default function ReferralsSection() {
  const { t } = useTranslation('insights');
  const [source, setSource] = useState('');
  const [sort, setSort] = useState<{ by: string; order: 'asc' | 'desc' }>({ by: 'signups', order: 'desc' });
  const [page, setPage] = useState(1);
  const [exportError, setExportError] = useState<string | null>(null);
  const cleanSource = /^[a-zA-Z0-9_-]{1,40}$/.test(source.trim()) ? source.trim() : undefined;
  const filters = { source: cleanSource, sort: sort.by, order: sort.order };
  const query = useAdminList<AdminReferrerRow>(
    `/admin/referrals${queryString({ ...filters, page: String(page), limit: String(LIMIT) })}`,
  );
  const onSort = (next: typeof sort) => {
    setSort(next);
    setPage(1);
  };
  return (
    <div data-testid="admin-referrals">
      <div className="row g-2 align-items-end mb-3">
        <div className="col-12 col-sm-6 col-md-4">
          <label className="form-label small mb-0" htmlFor="referrals-source">
            {t('referrals.source')}
          </label>
          <input
            id="referrals-source"
            className="form-control form-control-sm"
            value={source}
            maxLength={40}
            placeholder={t('referrals.sourceHint')}
            onChange={(event) => {
              setSource(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="col-12 col-sm-auto">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              setExportError(null);
              downloadCsv(`/admin/referrals${queryString({ ...filters, format: 'csv' })}`, 'referrers').catch(
                (error: Error) => setExportError(error.message),
              );
            }}
          >
            {t('common.csv')}
          </button>
        </div>
      </div>
      {exportError && <Failed error={exportError} />}
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <Failed error={query.error} retry={() => void query.refetch()} />
      ) : query.data.rows.length === 0 ? (
        <p className="text-body-secondary small">{t('common.none')}</p>
      ) : (
        <>
          <p className="small text-body-secondary mb-2">
            {t('referrals.total', { count: query.data.pagination.total })}
          </p>
          <div className="table-responsive">
            <table className="table table-sm small align-middle" data-testid="referrers-table">
              <thead>
                <tr>
                  <SortHeader column="email" label={t('referrals.referrer')} sort={sort} onSort={onSort} />
                  <SortHeader column="source" label={t('referrals.source')} sort={sort} onSort={onSort} />
                  {NUMBERS.map((column) => (
                    <SortHeader
                      key={column}
                      column={column}
                      label={t(`referrals.column.${column}`)}
                      sort={sort}
                      onSort={onSort}
                      className="text-end"
                    />
                  ))}
                </tr>
              </thead>
              <tbody>
                {query.data.rows.map((row) => (
                  <tr key={`${row.referrerId}/${row.source}`}>
                    <td className="text-break insights-cell-wide">
                      <Link
                        to={`/admin/referrals/referrer/${encodeURIComponent(row.referrerId)}/${encodeURIComponent(row.source)}`}
                      >
                        {row.email}
                      </Link>
                    </td>
                    <td className="text-break">{row.source}</td>
                    {NUMBERS.map((column) => (
                      <td key={column} className="text-end">
                        {row[column]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={query.data.pagination.pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
