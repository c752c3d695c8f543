import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { downloadCsv, queryString, useAdminData } from './data.ts';
import { LettersPanel } from './LettersPanel.tsx';
import { Failed, Loading } from './parts.tsx';

interface KindRow {
  kind: string;
  sent: number;
  failed: number;
  pending: number;
  notSent: number;
}
interface EmailRow {
  id: string;
  createdAt: string;
  kind: string;
  toAddress: string;
  subject: string;
  status: string;
  error: string | null;
}

/** /admin/stats/email/overview: the outbox per kind, the failed emails and their retry, and the letters to readers. */
export default function EmailSection() {
  const { t } = useTranslation('insights');
  const queryClient = useQueryClient();
  const overview = useAdminData<{ kinds: KindRow[] }>('/admin/stats/email');
  const [status, setStatus] = useState<'failed' | ''>('failed');
  const listPath = `/admin/stats/email/messages${queryString({ status: status || undefined, limit: '50' })}`;
  const list = useAdminData<EmailRow[]>(listPath);
  const [notice, setNotice] = useState<string | null>(null);
  const retry = useMutation({
    mutationFn: (body: { ids?: string[]; kind?: string }) =>
      api<{ retried: number }>('/admin/stats/email/retry', { method: 'POST', body }),
    onSuccess: (reply) => {
      setNotice(t('email.retried', { count: reply.retried }));
      void queryClient.invalidateQueries({ queryKey: ['admin-insights'] });
    },
  });
  return (
    <div data-testid="admin-email">
      {overview.isPending ? (
        <Loading />
      ) : overview.isError ? (
        <Failed error={overview.error} retry={() => void overview.refetch()} />
      ) : (
        <div className="table-responsive">
          <table className="table table-sm small">
            <thead>
              <tr>
                <th scope="col">{t('email.kind')}</th>
                <th scope="col" className="text-end">
                  {t('email.sent')}
                </th>
                <th scope="col" className="text-end">
                  {t('email.failed')}
                </th>
                <th scope="col" className="text-end">
                  {t('email.pending')}
                </th>
                <th scope="col" className="text-end">
                  {t('email.notSent')}
                </th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {overview.data.kinds.map((row) => (
                <tr key={row.kind}>
                  <td className="text-break">{row.kind}</td>
                  <td className="text-end">{row.sent}</td>
                  <td className={`text-end${row.failed ? ' text-danger fw-semibold' : ''}`}>{row.failed}</td>
                  <td className="text-end">{row.pending}</td>
                  <td className="text-end">{row.notSent}</td>
                  <td className="text-end">
                    {row.failed > 0 && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary text-nowrap"
                        disabled={retry.isPending}
                        onClick={() => retry.mutate({ kind: row.kind })}
                      >
                        {t('email.retryKind')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {notice && (
        <div className="alert alert-success py-2" role="status">
          {notice}
        </div>
      )}
      {retry.isError && <Failed error={retry.error} />}
      <div className="d-flex flex-wrap gap-2 align-items-center my-2">
        <h2 className="h6 mb-0 me-auto">{t('email.messages')}</h2>
        <select
          className="form-select form-select-sm w-auto"
          aria-label={t('email.status')}
          value={status}
          onChange={(event) => setStatus(event.target.value as 'failed' | '')}
        >
          <option value="failed">{t('email.onlyFailed')}</option>
          <option value="">{t('common.all')}</option>
        </select>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() =>
            void downloadCsv(
              `/admin/stats/email/messages${queryString({ status: status || undefined, format: 'csv' })}`,
              'emails',
            )
          }
        >
          {t('common.csv')}
        </button>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Failed error={list.error} />
      ) : list.data.length === 0 ? (
        <p className="text-body-secondary small">{t('common.none')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm small">
            <thead>
              <tr>
                <th scope="col">{t('analytics.time')}</th>
                <th scope="col">{t('email.kind')}</th>
                <th scope="col">{t('email.to')}</th>
                <th scope="col">{t('email.status')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {list.data.map((row) => (
                <tr key={row.id}>
                  <td className="text-nowrap">{row.createdAt.replace('T', ' ').slice(0, 16)}</td>
                  <td>{row.kind}</td>
                  <td className="text-break">{row.toAddress}</td>
                  <td title={row.error ?? undefined}>{row.status}</td>
                  <td className="text-end">
                    {row.status === 'failed' && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary"
                        disabled={retry.isPending}
                        onClick={() => retry.mutate({ ids: [row.id] })}
                      >
                        {t('email.retry')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 className="h5 mt-4 pt-3 border-top">{t('letters.title')}</h2>
      <LettersPanel />
    </div>
  );
}
