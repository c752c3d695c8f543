import { type AdminOrderEvent, type AdminPaymentRow, ORDER_STATUSES, PAYMENT_PROVIDERS } from '@hunab/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { ADMIN_QUERY_KEY, useAdminData } from '../data.ts';
import { AdminList } from '../list/AdminList.tsx';
import type { Column } from '../list/Table.tsx';
import { useList } from '../list/useList.ts';
import { DateRange, Field, FilterSelect } from '../ui/fields.tsx';
import { Loaded } from '../ui/states.tsx';
import { ReasonDialog, RecordPage, UserFilter, useDateTime, useMoney, useWords } from './shared.tsx';

const PATH = '/admin/payments';
const STATUS_COLOUR: Record<string, string> = {
  paid: 'success',
  pending: 'secondary',
  failed: 'danger',
  cancelled: 'secondary',
  partially_refunded: 'warning',
  refunded: 'warning',
};

/** Every payment with filters; a payment's timeline and its refund. */
export default function PaymentsSection() {
  const { t } = useTranslation('admin');
  const list = useList<AdminPaymentRow, { status: string; provider: string; user: string; from: string; to: string }>({
    path: PATH,
    filters: { status: '', provider: '', user: '', from: '', to: '' },
    sort: 'created_at',
    limit: 25,
  });
  const [selected, setSelected] = useState<string | null>(null);
  const when = useDateTime();
  const money = useMoney();
  const words = useWords();

  if (selected) return <PaymentDetail id={selected} onBack={() => setSelected(null)} />;
  const columns: Column<AdminPaymentRow>[] = [
    {
      header: 'payments.created',
      sort: 'created_at',
      cell: (row) => (
        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => setSelected(row.id)}>
          {when(row.created_at)}
        </button>
      ),
      className: 'text-nowrap',
    },
    { header: 'payments.user', cell: (row) => row.user_email, className: 'text-nowrap' },
    { header: 'payments.product', cell: (row) => row.product_id, className: 'text-nowrap' },
    {
      header: 'payments.amount',
      sort: 'amount',
      cell: (row) => (
        <>
          {money(row.amount, row.currency)}
          {row.refunded_amount > 0 && (
            <div className="small text-warning">−{money(row.refunded_amount, row.currency)}</div>
          )}
        </>
      ),
      className: 'text-nowrap',
      end: true,
    },
    {
      header: 'payments.status',
      cell: (row) => (
        <span className={`badge text-bg-${STATUS_COLOUR[row.status] ?? 'secondary'}`}>
          {t(`payments.statuses.${row.status}`)}
        </span>
      ),
    },
    { header: 'payments.provider', cell: (row) => words.provider(row.provider) },
  ];
  return (
    <div data-section="payments">
      <AdminList
        list={list}
        columns={columns}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-payment': row.id })}
        filters={
          <>
            <Field label={t('payments.status')}>
              <FilterSelect
                value={list.filters.status}
                onChange={(status) => list.setFilters({ status })}
                options={ORDER_STATUSES.map((status) => [status, t(`payments.statuses.${status}`)] as const)}
              />
            </Field>
            <Field label={t('payments.provider')}>
              <FilterSelect
                value={list.filters.provider}
                onChange={(provider) => list.setFilters({ provider })}
                options={PAYMENT_PROVIDERS.map((provider) => [provider, words.provider(provider)] as const)}
              />
            </Field>
            <UserFilter
              label={t('payments.user')}
              placeholder={t('payments.userPlaceholder')}
              onUser={(user) => list.setFilters({ user })}
            />
            <DateRange from={list.filters.from} to={list.filters.to} onChange={list.setFilters} />
          </>
        }
      />
    </div>
  );
}

/** One payment, read by its id. */
function PaymentDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const detail = useAdminData<{ payment: AdminPaymentRow; events: AdminOrderEvent[] }>(`${PATH}/${id}`);
  return <Loaded query={detail}>{(data) => <Payment {...data} onBack={onBack} />}</Loaded>;
}

/** A payment's figures, its refund and its timeline. */
function Payment({
  payment,
  events,
  onBack,
}: {
  payment: AdminPaymentRow;
  events: AdminOrderEvent[];
  onBack: () => void;
}) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const when = useDateTime();
  const money = useMoney();
  const words = useWords();
  const [refunding, setRefunding] = useState(false);
  const [amount, setAmount] = useState('');
  const left = payment.amount - payment.refunded_amount;
  const refundable = (payment.status === 'paid' || payment.status === 'partially_refunded') && left > 0;
  return (
    <RecordPage
      section="payment"
      back={t('payments.back')}
      onBack={onBack}
      title={`${money(payment.amount, payment.currency)} · ${payment.product_id}`}
      facts={[
        { label: t('payments.status'), value: t(`payments.statuses.${payment.status}`), field: 'status' },
        { label: t('payments.refunded'), value: money(payment.refunded_amount, payment.currency), field: 'refunded' },
        { label: t('payments.user'), value: payment.user_email },
        { label: t('payments.provider'), value: `${words.provider(payment.provider)} ${payment.provider_payment_id}` },
        { label: t('payments.promo'), value: payment.promo_code ?? '—' },
        { label: t('payments.order'), value: payment.id },
      ]}
    >
      {refundable && (
        <div>
          <button type="button" className="btn btn-sm btn-warning" onClick={() => setRefunding(true)}>
            {t('payments.refund')}
          </button>
        </div>
      )}
      {refunding && (
        <ReasonDialog
          title={t('payments.refundTitle')}
          confirm={t('payments.refund')}
          onClose={() => setRefunding(false)}
          onConfirm={async (reason) => {
            const minor = amount.trim() === '' ? undefined : Math.round(Number(amount.replace(',', '.')) * 100);
            await api(`${PATH}/${payment.id}/refund`, { body: { ...(minor ? { amount: minor } : {}), reason } });
            await queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
          }}
        >
          <label className="form-label mb-0">
            {t('payments.refundAmount', { max: money(left, payment.currency) })}
            <input
              type="number"
              name="amount"
              className="form-control"
              min={0.01}
              step={0.01}
              max={left / 100}
              value={amount}
              placeholder={String(left / 100)}
              onChange={(e) => setAmount(e.target.value)}
            />
          </label>
        </ReasonDialog>
      )}
      <section>
        <h3 className="h6">{t('payments.timeline')}</h3>
        <ol className="list-group list-group-numbered small">
          {events.map((event) => (
            <li key={event.id} className="list-group-item">
              <span className="fw-semibold">{t(`payments.events.${event.type}`, { defaultValue: event.type })}</span>
              {event.to_status && (
                <span className="text-body-secondary">
                  {' '}
                  · {event.from_status ? words.paymentStatus(event.from_status) : t('payments.newOrder')} →{' '}
                  {words.paymentStatus(event.to_status)}
                </span>
              )}
              <span className="text-body-secondary">
                {' '}
                · {t(`payments.actors.${event.actor}`, { defaultValue: event.actor })}
              </span>
              <span className="d-block text-body-secondary">{when(event.at)}</span>
            </li>
          ))}
        </ol>
      </section>
    </RecordPage>
  );
}
