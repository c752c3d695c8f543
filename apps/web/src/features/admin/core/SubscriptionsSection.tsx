import type { AdminSubscriptionAction, AdminSubscriptionRow } from '@hunab/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { ADMIN_QUERY_KEY } from '../data.ts';
import { AdminList } from '../list/AdminList.tsx';
import type { Column } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { Field, FilterSelect } from '../ui/fields.tsx';
import { DaysField, ReasonDialog, RowActions, UserFilter, useDateTime, useWords } from './shared.tsx';

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
  const list = useList<AdminSubscriptionRow, { status: string; plan: string; user: string }>({
    path: PATH,
    filters: { status: '', plan: '', user: '' },
    sort: 'created_at',
    limit: 25,
  });
  const when = useDateTime();
  const words = useWords();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<{ row: AdminSubscriptionRow; action: AdminSubscriptionAction } | null>(null);
  const [days, setDays] = useState(7);
  const columns: Column<AdminSubscriptionRow>[] = [
    { header: 'subscriptions.user', cell: (row) => row.user_email, className: 'text-nowrap' },
    {
      header: 'subscriptions.plan',
      cell: (row) => (
        <>
          {words.plan(row.plan_id)}
          <div className="small text-body-secondary">{words.source(row.source)}</div>
        </>
      ),
      className: 'text-nowrap',
    },
    {
      header: 'subscriptions.status',
      cell: (row) => (
        <>
          {t(`subscriptions.statuses.${row.status}`)}
          {row.pause_until && <div className="small text-body-secondary">→ {when(row.pause_until)}</div>}
        </>
      ),
    },
    {
      header: 'subscriptions.ends',
      sort: 'current_period_end',
      cell: (row) => when(row.current_period_end),
      className: 'text-nowrap',
    },
    {
      header: 'subscriptions.created',
      sort: 'created_at',
      cell: (row) => when(row.created_at),
      className: 'text-nowrap',
    },
    {
      header: 'comments.actions',
      cell: (row) => (
        <RowActions
          actions={(ACTIONS[row.status] ?? []).map((action) => ({
            label: t(`subscriptions.actions.${action}`),
            onClick: () => setPending({ row, action }),
          }))}
        />
      ),
    },
  ];
  return (
    <div data-section="subscriptions">
      <AdminList
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        filters={
          <>
            <Field label={t('subscriptions.status')}>
              <FilterSelect
                value={list.filters.status}
                onChange={(status) => list.setFilters({ status })}
                options={STATUSES.map((status) => [status, t(`subscriptions.statuses.${status}`)] as const)}
              />
            </Field>
            <Field label={t('subscriptions.plan')}>
              <FilterSelect
                value={list.filters.plan}
                onChange={(plan) => list.setFilters({ plan })}
                options={PLANS.map((plan) => [plan, words.plan(plan)] as const)}
              />
            </Field>
            <UserFilter
              label={t('subscriptions.user')}
              placeholder={t('payments.userPlaceholder')}
              onUser={(user) => list.setFilters({ user })}
            />
          </>
        }
      />
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
            await queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
          }}
        >
          {(pending.action === 'extend' || pending.action === 'pause') && <DaysField value={days} onChange={setDays} />}
        </ReasonDialog>
      )}
    </div>
  );
}
