import type { AdminErasure, AdminPrivacyRow } from '@hunab/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { ADMIN_QUERY_KEY, errorText } from '../data.ts';
import { AdminList } from '../list/AdminList.tsx';
import type { Column } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { CheckField, Field, FilterSelect, InputField, SubmitField } from '../ui/fields.tsx';
import { useDateTime } from './shared.tsx';

const PATH = '/admin/privacy';
const STATUSES = {
  deletion: ['closed', 'awaiting_confirmation', 'restored', 'erased'],
  export: ['preparing', 'ready', 'downloaded', 'expired'],
} as const;
const blank = () => ({ user: '', reason: '', removeComments: false, immediate: false });

/**
 * Readers' data requests: account deletions waiting for their erasure (and what became of them) and data exports;
 * above them, the erasure of an account whose owner asked for it by email, after the request was checked to come
 * from the account's own address. Every erasure is in the audit log.
 */
export default function PrivacySection() {
  const { t } = useTranslation('admin');
  const list = useList<AdminPrivacyRow, { kind: string; status: string }>({
    path: PATH,
    filters: { kind: 'deletion', status: '' },
    sort: 'created_at',
    limit: 50,
  });
  const when = useDateTime();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(blank);
  /** What the last deletion did: erased now, or closed until its erasure date. */
  const [done, setDone] = useState<AdminErasure | null>(null);
  const erase = useMutation({
    mutationFn: () =>
      api<{ data: AdminErasure }>(`${PATH}/erasures`, {
        body: {
          user: form.user.trim(),
          reason: form.reason,
          remove_comments: form.removeComments,
          immediate: form.immediate,
        },
      }),
    onSuccess: async (reply) => {
      setForm(blank());
      setDone(reply.data);
      await queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
  });
  const kind = list.filters.kind === 'export' ? 'export' : 'deletion';
  const columns: Column<AdminPrivacyRow>[] = [
    { header: 'privacy.requested', cell: (row) => when(row.created_at), className: 'text-nowrap' },
    { header: 'privacy.account', cell: (row) => row.user_email ?? t('privacy.erasedAccount'), className: 'text-break' },
    { header: 'privacy.status', cell: (row) => t(`privacy.statuses.${row.status}`), className: 'text-nowrap' },
    {
      header: kind === 'deletion' ? 'privacy.eraseAfter' : 'privacy.linkUntil',
      cell: (row) => (row.due_at ? when(row.due_at) : '—'),
      className: 'text-nowrap',
    },
    { header: 'privacy.done', cell: (row) => (row.done_at ? when(row.done_at) : '—'), className: 'text-nowrap' },
    ...(kind === 'deletion'
      ? [
          {
            header: 'privacy.details',
            cell: (row: AdminPrivacyRow) =>
              [
                row.requested_by === 'admin' ? t('privacy.byAdmin') : t('privacy.byOwner'),
                row.remove_comments ? t('privacy.commentsRemoved') : null,
              ]
                .filter(Boolean)
                .join(' · '),
          },
        ]
      : []),
  ];

  return (
    <div data-section="privacy">
      <form
        className="card card-body mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          setDone(null);
          erase.mutate();
        }}
      >
        <h2 className="h6">{t('privacy.eraseTitle')}</h2>
        <p className="small text-body-secondary">{t('privacy.eraseHelp')}</p>
        <div className="row g-2 align-items-end">
          <InputField
            label={t('privacy.user')}
            column="col-12 col-md-4"
            required
            placeholder={t('audit.actorPlaceholder')}
            value={form.user}
            onChange={(user) => setForm({ ...form, user })}
          />
          <InputField
            label={t('privacy.reason')}
            column="col-12 col-md-5"
            required
            minLength={3}
            value={form.reason}
            onChange={(reason) => setForm({ ...form, reason })}
          />
          <SubmitField column="col-12 col-md-3" busy={erase.isPending}>
            {t('privacy.erase')}
          </SubmitField>
        </div>
        <div className="mt-2">
          <CheckField
            name="remove-comments"
            label={t('privacy.removeComments')}
            checked={form.removeComments}
            onChange={(removeComments) => setForm({ ...form, removeComments })}
          />
          <CheckField
            name="immediate"
            label={t('privacy.immediate')}
            checked={form.immediate}
            onChange={(immediate) => setForm({ ...form, immediate })}
          />
        </div>
        {erase.error && <div className="alert alert-danger py-2 mt-2 mb-0">{errorText(erase.error)}</div>}
        {done && (
          <div className="alert alert-success py-2 mt-2 mb-0" data-testid="erasure-done">
            {done.erased || !done.erase_after
              ? t('privacy.erased')
              : t('privacy.closedUntil', { date: when(done.erase_after) })}
          </div>
        )}
      </form>
      <AdminList
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        filters={
          <>
            <Field label={t('privacy.kind')}>
              <select
                className="form-select form-select-sm"
                value={kind}
                onChange={(event) => list.setFilters({ kind: event.target.value, status: '' })}
              >
                <option value="deletion">{t('privacy.deletions')}</option>
                <option value="export">{t('privacy.exports')}</option>
              </select>
            </Field>
            <Field label={t('privacy.status')}>
              <FilterSelect
                value={list.filters.status}
                onChange={(status) => list.setFilters({ status })}
                options={STATUSES[kind].map((status) => [status, t(`privacy.statuses.${status}`)] as const)}
              />
            </Field>
          </>
        }
      />
    </div>
  );
}
