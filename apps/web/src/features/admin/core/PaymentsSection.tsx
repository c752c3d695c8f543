import type { AdminOrderEvent, AdminPaymentRow } from '@hunab/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
  useMoney,
} from './shared.tsx';

const PATH = '/admin/payments';
const STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'partially_refunded', 'refunded'];
const PROVIDERS = ['yookassa', 'paypal', 'test'];
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
  const list = useListState({ status: '', provider: '', user: '', from: '', to: '' }, 'created_at');
  const { state } = list;
  const payments = useAdminList<AdminPaymentRow>(PATH, { ...state, limit: 25 });
  const [selected, setSelected] = useState<string | null>(null);
  const when = useDateTime();
  const money = useMoney();
  const { page: _page, ...filterParams } = state;

  if (selected) return <PaymentDetail id={selected} onBack={() => setSelected(null)} />;
  return (
    <div data-section="payments">
      <Filters actions={<CsvButton path={PATH} params={filterParams} />}>
        <Field label={t('payments.status')}>
          <FilterSelect
            value={state.status}
            onChange={(value) => list.setFilter('status', value)}
            options={STATUSES.map((status) => [status, t(`payments.statuses.${status}`)] as const)}
          />
        </Field>
        <Field label={t('payments.provider')}>
          <FilterSelect
            value={state.provider}
            onChange={(value) => list.setFilter('provider', value)}
            options={PROVIDERS}
          />
        </Field>
        <Field label={t('payments.user')} wide>
          <SearchField
            label={t('payments.userPlaceholder')}
            onSearch={(value) => list.setFilter('user', value.includes('@') || value.length === 36 ? value : '')}
          />
        </Field>
        <Field label={t('filters.from')}>
          <input
            type="date"
            className="form-control form-control-sm"
            value={state.from}
            onChange={(e) => list.setFilter('from', e.target.value)}
          />
        </Field>
        <Field label={t('filters.to')}>
          <input
            type="date"
            className="form-control form-control-sm"
            value={state.to}
            onChange={(e) => list.setFilter('to', e.target.value)}
          />
        </Field>
      </Filters>
      {payments.error && <div className="alert alert-danger">{errorText(payments.error)}</div>}
      <Table
        empty={payments.data?.data.length === 0}
        head={
          <>
            <SortHeader label={t('payments.created')} column="created_at" {...state} onSort={list.setSort} />
            <th scope="col">{t('payments.user')}</th>
            <th scope="col">{t('payments.product')}</th>
            <SortHeader label={t('payments.amount')} column="amount" {...state} onSort={list.setSort} />
            <th scope="col">{t('payments.status')}</th>
            <th scope="col">{t('payments.provider')}</th>
          </>
        }
      >
        {payments.data?.data.map((row) => (
          <tr key={row.id} data-payment={row.id}>
            <td className="text-nowrap">
              <button type="button" className="btn btn-link btn-sm p-0" onClick={() => setSelected(row.id)}>
                {when(row.created_at)}
              </button>
            </td>
            <td className="text-nowrap">{row.user_email}</td>
            <td className="text-nowrap">{row.product_id}</td>
            <td className="text-nowrap text-end">
              {money(row.amount, row.currency)}
              {row.refunded_amount > 0 && (
                <div className="small text-warning">−{money(row.refunded_amount, row.currency)}</div>
              )}
            </td>
            <td>
              <span className={`badge text-bg-${STATUS_COLOUR[row.status] ?? 'secondary'}`}>
                {t(`payments.statuses.${row.status}`)}
              </span>
            </td>
            <td>{row.provider}</td>
          </tr>
        ))}
      </Table>
      <Pager pagination={payments.data?.pagination} onPage={list.setPage} />
    </div>
  );
}

function PaymentDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const when = useDateTime();
  const money = useMoney();
  const [refunding, setRefunding] = useState(false);
  const [amount, setAmount] = useState('');
  const detail = useQuery({
    queryKey: ['admin', 'payment', id],
    queryFn: () =>
      api<{ data: { payment: AdminPaymentRow; events: AdminOrderEvent[] } }>(`${PATH}/${id}`).then((r) => r.data),
  });
  if (detail.isPending) return <div className="spinner-border spinner-border-sm" role="status" />;
  if (detail.error) return <div className="alert alert-danger">{errorText(detail.error)}</div>;
  const { payment, events } = detail.data;
  const left = payment.amount - payment.refunded_amount;
  const refundable = (payment.status === 'paid' || payment.status === 'partially_refunded') && left > 0;
  return (
    <div data-section="payment" className="d-flex flex-column gap-3">
      <div>
        <button type="button" className="btn btn-sm btn-link px-0" onClick={onBack}>
          ← {t('payments.back')}
        </button>
      </div>
      <div className="card">
        <div className="card-body">
          <h2 className="h5">
            {money(payment.amount, payment.currency)} · {payment.product_id}
          </h2>
          <dl className="row small mb-0">
            <dt className="col-5 col-md-3">{t('payments.status')}</dt>
            <dd className="col-7 col-md-9" data-field="status">
              {t(`payments.statuses.${payment.status}`)}
            </dd>
            <dt className="col-5 col-md-3">{t('payments.refunded')}</dt>
            <dd className="col-7 col-md-9" data-field="refunded">
              {money(payment.refunded_amount, payment.currency)}
            </dd>
            <dt className="col-5 col-md-3">{t('payments.user')}</dt>
            <dd className="col-7 col-md-9 text-break">{payment.user_email}</dd>
            <dt className="col-5 col-md-3">{t('payments.provider')}</dt>
            <dd className="col-7 col-md-9 text-break">
              {payment.provider} {payment.provider_payment_id}
            </dd>
            <dt className="col-5 col-md-3">{t('payments.promo')}</dt>
            <dd className="col-7 col-md-9">{payment.promo_code ?? '—'}</dd>
            <dt className="col-5 col-md-3">{t('payments.order')}</dt>
            <dd className="col-7 col-md-9 text-break">{payment.id}</dd>
          </dl>
        </div>
      </div>
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
            await api(`/admin/payments/${id}/refund`, { body: { ...(minor ? { amount: minor } : {}), reason } });
            await queryClient.invalidateQueries({ queryKey: ['admin'] });
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
              <span className="fw-semibold">{event.type}</span>
              {event.to_status && (
                <span className="text-body-secondary">
                  {' '}
                  · {event.from_status ?? '∅'} → {event.to_status}
                </span>
              )}
              <span className="text-body-secondary"> · {event.actor}</span>
              <span className="d-block text-body-secondary">{when(event.at)}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
