import { type AdminCommentRow, type AdminReportRow, COMMENT_CYCLE_TYPES } from '@hunab/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import {
  CsvButton,
  errorText,
  Field,
  FilterSelect,
  Filters,
  Pager,
  ReasonDialog,
  SearchField,
  Table,
  useAdminList,
  useDateTime,
  useListState,
} from './shared.tsx';

const CYCLES = COMMENT_CYCLE_TYPES;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
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

function CommentList({ onAction }: { onAction: (pending: Pending) => void }) {
  const { t } = useTranslation('admin');
  const list = useListState({ cycle_type: '', cycle_value: '', user: '', status: '' }, 'created_at');
  const { state } = list;
  const comments = useAdminList<AdminCommentRow>('/admin/comments', { ...state, limit: 25 });
  const when = useDateTime();
  const { page: _page, ...filterParams } = state;
  return (
    <>
      <Filters actions={<CsvButton path="/admin/comments" params={filterParams} />}>
        <Field label={t('comments.cycle')}>
          <FilterSelect
            value={state.cycle_type}
            onChange={(value) => list.setFilter('cycle_type', value)}
            options={CYCLES}
          />
        </Field>
        <Field label={t('comments.cycleValue')}>
          <input
            type="number"
            min={0}
            className="form-control form-control-sm"
            value={state.cycle_value}
            onChange={(e) => list.setFilter('cycle_value', e.target.value)}
          />
        </Field>
        <Field label={t('comments.state')}>
          <FilterSelect
            value={state.status}
            onChange={(value) => list.setFilter('status', value)}
            options={(['visible', 'hidden', 'deleted', 'reported'] as const).map(
              (status) => [status, t(`comments.status.${status}`)] as const,
            )}
          />
        </Field>
        <Field label={t('comments.author')} wide>
          <SearchField
            label={t('comments.authorPlaceholder')}
            onSearch={(value) => list.setFilter('user', UUID.test(value) || value.includes('@') ? value : '')}
          />
        </Field>
      </Filters>
      {comments.error && <div className="alert alert-danger">{errorText(comments.error)}</div>}
      <Table
        empty={comments.data?.data.length === 0}
        head={
          <>
            <th scope="col">{t('comments.when')}</th>
            <th scope="col">{t('comments.author')}</th>
            <th scope="col">{t('comments.cycle')}</th>
            <th scope="col" style={{ minWidth: '16rem' }}>
              {t('comments.text')}
            </th>
            <th scope="col">{t('comments.state')}</th>
            <th scope="col">{t('comments.actions')}</th>
          </>
        }
      >
        {comments.data?.data.map((row) => (
          <tr key={row.id} data-comment={row.id}>
            <td className="text-nowrap">{when(row.created_at)}</td>
            <td className="text-nowrap">{row.user_email}</td>
            <td className="text-nowrap">
              {row.cycle_type} {row.cycle_value} · {row.lang}
            </td>
            <td className="text-break">{row.is_deleted ? <em>{t('comments.status.deleted')}</em> : row.content}</td>
            <td>
              <span className="d-inline-flex flex-wrap gap-1">
                {row.hidden && <span className="badge text-bg-warning">{t('comments.status.hidden')}</span>}
                {row.open_reports > 0 && (
                  <span className="badge text-bg-danger">{t('comments.reports', { count: row.open_reports })}</span>
                )}
                {row.user_blocked && <span className="badge text-bg-dark">{t('users.badgeBlocked')}</span>}
              </span>
            </td>
            <td>
              <div className="d-flex flex-nowrap gap-1">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-warning text-nowrap"
                  onClick={() => onAction({ kind: row.hidden ? 'restore' : 'hide', comment: row.id })}
                >
                  {row.hidden ? t('comments.restore') : t('comments.hide')}
                </button>
                {!row.is_deleted && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger text-nowrap"
                    onClick={() => onAction({ kind: 'delete', comment: row.id })}
                  >
                    {t('comments.delete')}
                  </button>
                )}
                {!row.user_blocked && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary text-nowrap"
                    onClick={() => onAction({ kind: 'block', user: row.user_id, email: row.user_email })}
                  >
                    {t('comments.blockAuthor')}
                  </button>
                )}
              </div>
            </td>
          </tr>
        ))}
      </Table>
      <Pager pagination={comments.data?.pagination} onPage={list.setPage} />
    </>
  );
}

function ReportQueue({ onAction }: { onAction: (pending: Pending) => void }) {
  const { t } = useTranslation('admin');
  const list = useListState({ status: 'open' }, 'created_at');
  const { state } = list;
  const reports = useAdminList<AdminReportRow>('/admin/comment-reports', { ...state, limit: 25 });
  const when = useDateTime();
  const { page: _page, ...filterParams } = state;
  return (
    <>
      <Filters actions={<CsvButton path="/admin/comment-reports" params={filterParams} />}>
        <Field label={t('comments.state')}>
          <select
            className="form-select form-select-sm"
            value={state.status}
            onChange={(e) => list.setFilter('status', e.target.value)}
          >
            {(['open', 'resolved', 'dismissed'] as const).map((status) => (
              <option key={status} value={status}>
                {t(`comments.reportStatus.${status}`)}
              </option>
            ))}
          </select>
        </Field>
      </Filters>
      {reports.error && <div className="alert alert-danger">{errorText(reports.error)}</div>}
      <Table
        empty={reports.data?.data.length === 0}
        head={
          <>
            <th scope="col">{t('comments.when')}</th>
            <th scope="col">{t('comments.reason')}</th>
            <th scope="col" style={{ minWidth: '16rem' }}>
              {t('comments.text')}
            </th>
            <th scope="col">{t('comments.author')}</th>
            <th scope="col">{t('comments.reporter')}</th>
            <th scope="col">{t('comments.actions')}</th>
          </>
        }
      >
        {reports.data?.data.map((row) => (
          <tr key={row.id}>
            <td className="text-nowrap">{when(row.created_at)}</td>
            <td>
              {t(`comments.reasons.${row.reason}`)}
              {row.note && <div className="text-body-secondary text-break">{row.note}</div>}
            </td>
            <td className="text-break">
              {row.comment_deleted ? <em>{t('comments.status.deleted')}</em> : row.comment_content}
              {row.comment_hidden && <span className="badge text-bg-warning ms-1">{t('comments.status.hidden')}</span>}
            </td>
            <td className="text-nowrap">{row.author_email}</td>
            <td className="text-nowrap">{row.reporter_email}</td>
            <td>
              {row.status === 'open' ? (
                <div className="d-flex flex-nowrap gap-1">
                  {!row.comment_hidden && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-warning text-nowrap"
                      onClick={() => onAction({ kind: 'hide', comment: row.comment_id })}
                    >
                      {t('comments.hide')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-success text-nowrap"
                    onClick={() => onAction({ kind: 'resolve', report: row.id })}
                  >
                    {t('comments.resolve')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary text-nowrap"
                    onClick={() => onAction({ kind: 'dismiss', report: row.id })}
                  >
                    {t('comments.dismiss')}
                  </button>
                </div>
              ) : (
                t(`comments.reportStatus.${row.status}`)
              )}
            </td>
          </tr>
        ))}
      </Table>
      <Pager pagination={reports.data?.pagination} onPage={list.setPage} />
    </>
  );
}
