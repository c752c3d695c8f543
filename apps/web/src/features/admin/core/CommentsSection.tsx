import { type AdminCommentRow, type AdminReportRow, COMMENT_CYCLE_TYPES } from '@hunab/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { ADMIN_QUERY_KEY } from '../data.ts';
import { AdminList } from '../list/AdminList.tsx';
import type { Column } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { Field, FilterSelect } from '../ui/fields.tsx';
import { ReasonDialog, RowActions, UserFilter, useDateTime } from './shared.tsx';

type Pending =
  | { kind: 'hide' | 'restore' | 'delete'; comment: number }
  | { kind: 'block'; user: string; email: string }
  | { kind: 'resolve' | 'dismiss'; report: number };

/** Moderation: every comment newest first, and the queue of readers' reports. */
export default function CommentsSection() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useState<'comments' | 'reports'>('comments');
  const [pending, setPending] = useState<Pending | null>(null);
  const queryClient = useQueryClient();

  const run = async (reason: string) => {
    if (!pending) return;
    if (pending.kind === 'hide' || pending.kind === 'restore') {
      await api(`/admin/comments/${pending.comment}/hide`, { body: { hidden: pending.kind === 'hide', reason } });
    } else if (pending.kind === 'delete') {
      await api(`/comments/${pending.comment}${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`, {
        method: 'DELETE',
      });
    } else if (pending.kind === 'block') {
      await api(`/admin/users/${pending.user}/block`, { body: { blocked: true, reason } });
    } else if (pending.kind === 'resolve' || pending.kind === 'dismiss') {
      await api(`/admin/comment-reports/${pending.report}`, {
        body: { status: pending.kind === 'resolve' ? 'resolved' : 'dismissed', ...(reason ? { reason } : {}) },
      });
    }
    await queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
  };
  const titles: Record<Pending['kind'], string> = {
    hide: t('comments.hide'),
    restore: t('comments.restore'),
    delete: t('comments.delete'),
    block: t('comments.blockAuthor'),
    resolve: t('comments.resolve'),
    dismiss: t('comments.dismiss'),
  };

  return (
    <div data-section="comments">
      <ul className="nav nav-tabs mb-3">
        {(['comments', 'reports'] as const).map((name) => (
          <li key={name} className="nav-item">
            <button
              type="button"
              className={`nav-link${tab === name ? ' active' : ''}`}
              aria-current={tab === name ? 'page' : undefined}
              onClick={() => setTab(name)}
            >
              {t(`comments.tab.${name}`)}
            </button>
          </li>
        ))}
      </ul>
      {tab === 'comments' ? <CommentList onAction={setPending} /> : <ReportQueue onAction={setPending} />}
      {pending && (
        <ReasonDialog
          title={titles[pending.kind]}
          confirm={titles[pending.kind]}
          reasonRequired={pending.kind !== 'resolve' && pending.kind !== 'dismiss' && pending.kind !== 'delete'}
          onClose={() => setPending(null)}
          onConfirm={run}
        >
          {pending.kind === 'block' && (
            <p className="small mb-0">{t('comments.blockHelp', { email: pending.email })}</p>
          )}
        </ReasonDialog>
      )}
    </div>
  );
}

/** Every comment, newest first, by its cycle, state and author. */
function CommentList({ onAction }: { onAction: (pending: Pending) => void }) {
  const { t } = useTranslation('admin');
  const list = useList<AdminCommentRow, { cycle_type: string; cycle_value: string; user: string; status: string }>({
    path: '/admin/comments',
    filters: { cycle_type: '', cycle_value: '', user: '', status: '' },
    sort: 'created_at',
    limit: 25,
  });
  const when = useDateTime();
  const columns: Column<AdminCommentRow>[] = [
    { header: 'comments.when', cell: (row) => when(row.created_at), className: 'text-nowrap' },
    { header: 'comments.author', cell: (row) => row.user_email, className: 'text-nowrap' },
    {
      header: 'comments.cycle',
      cell: (row) => `${row.cycle_type} ${row.cycle_value} · ${row.lang}`,
      className: 'text-nowrap',
    },
    {
      header: 'comments.text',
      cell: (row) => (row.is_deleted ? <em>{t('comments.status.deleted')}</em> : row.content),
      className: 'text-break',
      minWidth: '16rem',
    },
    {
      header: 'comments.state',
      cell: (row) => (
        <span className="d-inline-flex flex-wrap gap-1">
          {row.hidden && <span className="badge text-bg-warning">{t('comments.status.hidden')}</span>}
          {row.open_reports > 0 && (
            <span className="badge text-bg-danger">{t('comments.reports', { count: row.open_reports })}</span>
          )}
          {row.user_blocked && <span className="badge text-bg-dark">{t('users.badgeBlocked')}</span>}
        </span>
      ),
    },
    {
      header: 'comments.actions',
      cell: (row) => (
        <RowActions
          actions={[
            {
              label: row.hidden ? t('comments.restore') : t('comments.hide'),
              tone: 'warning',
              onClick: () => onAction({ kind: row.hidden ? 'restore' : 'hide', comment: row.id }),
            },
            !row.is_deleted && {
              label: t('comments.delete'),
              tone: 'danger',
              onClick: () => onAction({ kind: 'delete', comment: row.id }),
            },
            !row.user_blocked && {
              label: t('comments.blockAuthor'),
              onClick: () => onAction({ kind: 'block', user: row.user_id, email: row.user_email }),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <AdminList
      list={list}
      columns={columns}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-comment': row.id })}
      filters={
        <>
          <Field label={t('comments.cycle')}>
            <FilterSelect
              value={list.filters.cycle_type}
              onChange={(cycle_type) => list.setFilters({ cycle_type })}
              options={COMMENT_CYCLE_TYPES}
            />
          </Field>
          <Field label={t('comments.cycleValue')}>
            <input
              type="number"
              min={0}
              className="form-control form-control-sm"
              value={list.filters.cycle_value}
              onChange={(event) => list.setFilters({ cycle_value: event.target.value })}
            />
          </Field>
          <Field label={t('comments.state')}>
            <FilterSelect
              value={list.filters.status}
              onChange={(status) => list.setFilters({ status })}
              options={(['visible', 'hidden', 'deleted', 'reported'] as const).map(
                (status) => [status, t(`comments.status.${status}`)] as const,
              )}
            />
          </Field>
          <UserFilter
            label={t('comments.author')}
            placeholder={t('comments.authorPlaceholder')}
            onUser={(user) => list.setFilters({ user })}
          />
        </>
      }
    />
  );
}

/** The readers' reports, the open ones first to be read. */
function ReportQueue({ onAction }: { onAction: (pending: Pending) => void }) {
  const { t } = useTranslation('admin');
  const list = useList<AdminReportRow, { status: string }>({
    path: '/admin/comment-reports',
    filters: { status: 'open' },
    sort: 'created_at',
    limit: 25,
  });
  const when = useDateTime();
  const columns: Column<AdminReportRow>[] = [
    { header: 'comments.when', cell: (row) => when(row.created_at), className: 'text-nowrap' },
    {
      header: 'comments.reason',
      cell: (row) => (
        <>
          {t(`comments.reasons.${row.reason}`)}
          {row.note && <div className="text-body-secondary text-break">{row.note}</div>}
        </>
      ),
    },
    {
      header: 'comments.text',
      cell: (row) => (
        <>
          {row.comment_deleted ? <em>{t('comments.status.deleted')}</em> : row.comment_content}
          {row.comment_hidden && <span className="badge text-bg-warning ms-1">{t('comments.status.hidden')}</span>}
        </>
      ),
      className: 'text-break',
      minWidth: '16rem',
    },
    { header: 'comments.author', cell: (row) => row.author_email, className: 'text-nowrap' },
    { header: 'comments.reporter', cell: (row) => row.reporter_email, className: 'text-nowrap' },
    {
      header: 'comments.actions',
      cell: (row) =>
        row.status === 'open' ? (
          <RowActions
            actions={[
              !row.comment_hidden && {
                label: t('comments.hide'),
                tone: 'warning',
                onClick: () => onAction({ kind: 'hide', comment: row.comment_id }),
              },
              {
                label: t('comments.resolve'),
                tone: 'success',
                onClick: () => onAction({ kind: 'resolve', report: row.id }),
              },
              { label: t('comments.dismiss'), onClick: () => onAction({ kind: 'dismiss', report: row.id }) },
            ]}
          />
        ) : (
          t(`comments.reportStatus.${row.status}`)
        ),
    },
  ];
  return (
    <AdminList
      list={list}
      columns={columns}
      rowKey={(row) => row.id}
      filters={
        <Field label={t('comments.state')}>
          <select
            className="form-select form-select-sm"
            value={list.filters.status}
            onChange={(event) => list.setFilters({ status: event.target.value })}
          >
            {(['open', 'resolved', 'dismissed'] as const).map((status) => (
              <option key={status} value={status}>
                {t(`comments.reportStatus.${status}`)}
              </option>
            ))}
          </select>
        </Field>
      }
    />
  );
}
