import type { AdminSubscriptionAction, AdminSubscriptionRow } from '@hunab/contracts';
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
  SortHeader,
  Table,
  useAdminList,
  useDateTime,
  useListState,
} from './shared.tsx';

const PATH = '/admin/subscriptions';
const STATUSES = ['active', 'paused', 'cancelled', 'expired'];
const PLANS = ['basic', 'premium', 'basic_monthly', 'premium_monthly', 'basic_yearly', 'premium_yearly'];
/** The actions each status allows, as the subscriptions service does. */
const ACTIONS: Record<string, AdminSubscriptionAction[]> = {
  active: ['extend', 'pause', 'cancel'],
  paused: ['extend', 'resume', 'cancel'],
  cancelled: ['extend'],
  expired: [],
};

/** Subscriptions by status and plan, with the changes an administrator may make. */
export default function SubscriptionsSection() {
  const { t } = useTranslation('admin');
  const list = useListState({ status: '', plan: '', user: '' }, 'created_at');
  const { state } = list;
  const rows = useAdminList<AdminSubscriptionRow>(PATH, { ...state, limit: 25 });
  const when = useDateTime();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<{ row: AdminSubscriptionRow; action: AdminSubscriptionAction } | null>(null);
  const [days, setDays] = useState(7);
  const { page: _page, ...filterParams } = state;
  return (
    <div data-section="subscriptions">
      <Filters actions={<CsvButton path={PATH} params={filterParams} />}>
        <Field label={t('subscriptions.status')}>
          <FilterSelect
            value={state.status}
            onChange={(value) => list.setFilter('status', value)}
            options={STATUSES.map((status) => [status, t(`subscriptions.statuses.${status}`)] as const)}
          />
        </Field>
        <Field label={t('subscriptions.plan')}>
          <FilterSelect value={state.plan} onChange={(value) => list.setFilter('plan', value)} options={PLANS} />
        </Field>
        <Field label={t('subscriptions.user')} wide>
          <SearchField
            label={t('payments.userPlaceholder')}
            onSearch={(value) => list.setFilter('user', value.includes('@') || value.length === 36 ? value : '')}
          />
        </Field>
      </Filters>
      {rows.error && <div className="alert alert-danger">{errorText(rows.error)}</div>}
      <Table
        empty={rows.data?.data.length === 0}
        head={
          <>
            <th scope="col">{t('subscriptions.user')}</th>
            <th scope="col">{t('subscriptions.plan')}</th>
            <th scope="col">{t('subscriptions.status')}</th>
            <SortHeader label={t('subscriptions.ends')} column="current_period_end" {...state} onSort={list.setSort} />
            <SortHeader label={t('subscriptions.created')} column="created_at" {...state} onSort={list.setSort} />
            <th scope="col">{t('comments.actions')}</th>
          </>
        }
      >
        {rows.data?.data.map((row) => (
          <tr key={row.id}>
            <td className="text-nowrap">{row.user_email}</td>
            <td className="text-nowrap">
              {row.plan_id}
              <div className="small text-body-secondary">{row.source}</div>
            </td>
            <td>
              {t(`subscriptions.statuses.${row.status}`)}
              {row.pause_until && <div className="small text-body-secondary">→ {when(row.pause_until)}</div>}
            </td>
            <td className="text-nowrap">{when(row.current_period_end)}</td>
            <td className="text-nowrap">{when(row.created_at)}</td>
            <td>
              <div className="d-flex flex-nowrap gap-1">
                {(ACTIONS[row.status] ?? []).map((action) => (
                  <button
                    key={action}
                    type="button"
                    className="btn btn-sm btn-outline-secondary text-nowrap"
                    onClick={() => setPending({ row, action })}
                  >
                    {t(`subscriptions.actions.${action}`)}
                  </button>
                ))}
              </div>
            </td>
          </tr>
        ))}
      </Table>
      <Pager pagination={rows.data?.pagination} onPage={list.setPage} />
      {pending && (
        <ReasonDialog
          title={`${t(`subscriptions.actions.${pending.action}`)} · ${pending.row.user_email}`}
          confirm={t(`subscriptions.actions.${pending.action}`)}
          onClose={() => setPending(null)}
          onConfirm={async (reason) => {
            const needsDays = pending.action === 'extend' || pending.action === 'pause';
            await api(`${PATH}/${pending.row.id}/${pending.action}`, {
              body: needsDays ? { days, reason } : { reason },
            });
            await queryClient.invalidateQueries({ queryKey: ['admin'] });
          }}
        >
          {(pending.action === 'extend' || pending.action === 'pause') && (
            <label className="form-label mb-0">
              {t('users.days')}
              <input
                type="number"
                className="form-control"
                min={1}
                max={3660}
                value={days}
                onChange={(e) => setDays(Number(e.target.value))}
              />
            </label>
          )}
        </ReasonDialog>
      )}
    </div>
  );
}
