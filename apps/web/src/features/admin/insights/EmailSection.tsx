import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { useWords } from '../core/shared.tsx';
import { ADMIN_QUERY_KEY, useAdminData } from '../data.ts';
import { AdminList } from '../list/AdminList.tsx';
import { type Column, Table } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { Field, FilterSelect } from '../ui/fields.tsx';
import { Failed, Loaded } from '../ui/states.tsx';
import { LettersPanel } from './LettersPanel.tsx';

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
  const words = useWords();
  const kindOf = (kind: string) => <span title={kind}>{words.mailKind(kind)}</span>;
  const queryClient = useQueryClient();
  const overview = useAdminData<{ kinds: KindRow[] }>('/admin/stats/email');
  const list = useList<EmailRow, { status: string }>({
    path: '/admin/stats/email/messages',
    filters: { status: 'failed' },
    limit: 50,
  });
  const [notice, setNotice] = useState<string | null>(null);
  const retry = useMutation({
    mutationFn: (body: { ids?: string[]; kind?: string }) =>
      api<{ retried: number }>('/admin/stats/email/retry', { method: 'POST', body }),
    onSuccess: (reply) => {
      setNotice(t('email.retried', { count: reply.retried }));
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
  });
  const retryButton = (label: string, body: { ids?: string[]; kind?: string }) => (
    <button
      type="button"
      className="btn btn-sm btn-outline-primary text-nowrap"
      disabled={retry.isPending}
      onClick={() => retry.mutate(body)}
    >
      {label}
    </button>
  );
  const kinds: Column<KindRow>[] = [
    { header: 'email.kind', cell: (row) => kindOf(row.kind) },
    { header: 'figures.lettersSent.label', cell: (row) => row.sent, end: true },
    {
      header: 'figures.lettersFailed.label',
      cell: (row) => <span className={row.failed ? 'text-danger fw-semibold' : undefined}>{row.failed}</span>,
      end: true,
    },
    { header: 'figures.lettersWaiting.label', cell: (row) => row.pending, end: true },
    { header: 'figures.lettersKept.label', cell: (row) => row.notSent, end: true },
    { header: '', cell: (row) => row.failed > 0 && retryButton(t('email.retryKind'), { kind: row.kind }), end: true },
  ];
  const messages: Column<EmailRow>[] = [
    { header: 'analytics.time', cell: (row) => row.createdAt.replace('T', ' ').slice(0, 16), className: 'text-nowrap' },
    { header: 'email.kind', cell: (row) => kindOf(row.kind) },
    { header: 'email.to', cell: (row) => row.toAddress, className: 'text-break' },
    {
      header: 'email.status',
      cell: (row) => (
        <span title={row.error ?? undefined}>{t(`email.statuses.${row.status}`, { defaultValue: row.status })}</span>
      ),
      className: 'text-nowrap',
    },
    {
      header: '',
      cell: (row) => row.status === 'failed' && retryButton(t('email.retry'), { ids: [row.id] }),
      end: true,
    },
  ];
  return (
    <div data-testid="admin-email">
      <Loaded query={overview}>
        {(data) => (
          <Table columns={kinds} rows={data.kinds} rowKey={(row) => row.kind} ns="insights" empty={t('common.none')} />
        )}
      </Loaded>
      <dl className="small text-body-secondary mt-2 mb-0" data-testid="letter-figures">
        {(['lettersSent', 'lettersFailed', 'lettersWaiting', 'lettersKept'] as const).map((name) => (
          <div key={name}>
            <dt className="d-inline fw-semibold">{t(`figures.${name}.label`)}:</dt>{' '}
            <dd className="d-inline">{t(`figures.${name}.means`)}</dd>
          </div>
        ))}
      </dl>
      {notice && (
        <div className="alert alert-success py-2 mt-3" role="status">
          {notice}
        </div>
      )}
      {retry.isError && <Failed error={retry.error} />}
      <h2 className="h6 mt-3">{t('email.messages')}</h2>
      <AdminList
        list={list}
        columns={messages}
        rowKey={(row) => row.id}
        ns="insights"
        csvName="emails"
        empty={t('common.none')}
        fold={false}
        filters={
          <Field label={t('email.status')}>
            <FilterSelect
              value={list.filters.status}
              onChange={(status) => list.setFilters({ status })}
              options={[['failed', t('email.onlyFailed')]]}
            />
          </Field>
        }
      />
      <h2 className="h5 mt-4 pt-3 border-top">{t('letters.title')}</h2>
      <LettersPanel />
    </div>
  );
}
