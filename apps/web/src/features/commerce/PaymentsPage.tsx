import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountLayout } from '../../components/AccountLayout.tsx';
import { formatters, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { formatMoney } from '../../lib/plans.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { COMMERCE_KEYS, fetchPayments } from './api.ts';
import './commerce.css';

/** /account/payments: the user's payments with status, amount, date, product and a receipt for paid ones. */
export default function PaymentsPage() {
  const { t } = useTranslation('commerce');
  const lang = usePathLanguage();
  usePageTitle(t('payments.title'));
  const payments = useQuery({ queryKey: COMMERCE_KEYS.payments(lang), queryFn: () => fetchPayments(lang) });
  const format = formatters(lang);

  return (
    <AccountLayout>
      <section data-testid="payments-page">
        <h1 className="h3">{t('payments.title')}</h1>
        {payments.isPending ? (
          <p className="text-body-secondary">{t('loading')}</p>
        ) : payments.isError ? (
          <div className="alert alert-danger" role="alert">
            {t('payments.failed')}{' '}
            <button type="button" className="btn btn-link p-0" onClick={() => payments.refetch()}>
              {t('payments.retry')}
            </button>
          </div>
        ) : payments.data.length === 0 ? (
          <div className="commerce-panel">
            <p>{t('payments.empty')}</p>
            <Link className="btn btn-primary" to={localizedPath(lang, '/subscription')}>
              {t('products.plansLink')}
            </Link>
          </div>
        ) : (
          <ul className="list-unstyled" data-testid="payments-list">
            {payments.data.map((payment) => (
              <li key={payment.id} id={payment.id} className="commerce-panel" data-testid="payment-row">
                <div className="d-flex flex-wrap justify-content-between gap-2">
                  <strong>{payment.product_name}</strong>
                  <span className={`fw-semibold status-${payment.status}`} data-testid="payment-status">
                    {t(`status.${payment.status}`)}
                  </span>
                </div>
                <dl className="commerce-facts mt-2 mb-0">
                  <dt>{t('result.amount')}</dt>
                  <dd>
                    {formatMoney(payment.amount, payment.currency, lang)}
                    {payment.refunded_amount > 0 &&
                      ` (${t('payments.refunded')} ${formatMoney(payment.refunded_amount, payment.currency, lang)})`}
                  </dd>
                  <dt>{t('payments.date')}</dt>
                  <dd>{format.date(new Date(payment.paid_at ?? payment.created_at), 'long')}</dd>
                  <dt>{t('result.orderId')}</dt>
                  <dd>
                    <code>{payment.id}</code>
                  </dd>
                  <dt>{t('payments.method')}</dt>
                  <dd data-testid="payment-method">{t(`providers.${payment.provider}`)}</dd>
                  {payment.promo_code ? (
                    <>
                      <dt>{t('payments.promoCode')}</dt>
                      <dd data-testid="payment-promo">
                        <code>{payment.promo_code}</code>
                      </dd>
                    </>
                  ) : null}
                </dl>
                {payment.status === 'paid' && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary mt-2"
                    onClick={() => window.print()}
                  >
                    {t('payments.receipt')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </AccountLayout>
  );
}
