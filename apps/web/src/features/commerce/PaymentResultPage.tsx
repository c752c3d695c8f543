import type { OrderDto } from '@hunab/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { track } from '../../lib/analytics.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { type Language, languageOfPath, localizedPath } from '../../lib/languages.ts';
import { OWNED_PROGRAMMES_QUERY_KEY } from '../../lib/owned-programmes.ts';
import { useRefreshOnRestore } from '../../lib/page-restore.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { formatMoney } from '../../lib/plans.ts';
import { useRouteEntry, useRouteParams } from '../../lib/route-match.ts';
import { clearTransactionId, transactionId } from '../../lib/transaction.ts';
import { COMMERCE_KEYS, fetchOrder } from './api.ts';
import { type Outcome, type ResultView, resultView } from './result.ts';
import './commerce.css';

export const SUPPORT_EMAIL = 'support@hunab.app';
const POLL_MS = 2_000;
const POLL_FOR_MS = 90_000;

const TITLES: Record<ResultView, string> = {
  paid: 'result.success.title',
  refunded: 'result.refunded.title',
  pending: 'result.pending.title',
  failed: 'result.fail.title',
  cancel: 'result.cancel.title',
  unknown: 'result.unknown.title',
};

function outcomeOf(path: string): Outcome {
  if (path.startsWith('/payment/fail')) return 'fail';
  if (path.startsWith('/payment/cancel')) return 'cancel';
  return 'success';
}

function OrderFacts({ order, lang }: { order: OrderDto; lang: Language }) {
  const { t } = useTranslation('commerce');
  return (
    <dl className="commerce-facts" data-testid="order-facts">
      <dt>{t('result.product')}</dt>
      <dd data-testid="order-product">{order.product_name}</dd>
      <dt>{t('result.orderId')}</dt>
      <dd>
        <code>{order.id}</code>
      </dd>
      <dt>{t('result.amount')}</dt>
      <dd data-testid="order-amount">{formatMoney(order.amount, order.currency, lang)}</dd>
      {order.payer_id && (
        <>
          <dt>{t('result.payerId')}</dt>
          <dd>{order.payer_id}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * The payment result pages of spec 001 section 2: /payment/success|fail|cancel/{provider}, their short forms and
 * /subscription/success. They only read the order from the server (asking the provider once more while it is
 * pending); they never grant anything. Success tracks the conversion and purchase once and clears the transaction
 * id; failure tracks the failed payment with its reason.
 */
export default function PaymentResultPage() {
  const { t } = useTranslation('commerce');
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const entry = useRouteEntry();
  const params = useRouteParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const orderId = search.get('order') ?? '';
  const outcome = outcomeOf(entry.path);
  const provider = params.provider ?? '';
  const startedAt = useRef(Date.now());
  const tracked = useRef(false);

  const wellFormed = /^[0-9a-f-]{36}$/i.test(orderId);
  const order = useQuery({
    queryKey: COMMERCE_KEYS.orderResult(orderId),
    queryFn: () => fetchOrder(orderId, true),
    enabled: wellFormed,
    staleTime: 0,
    retry: (failures, error) => failures < 2 && !(error instanceof ApiRequestError && error.status >= 400),
    refetchInterval: (query) =>
      query.state.data?.order.status === 'pending' && Date.now() - startedAt.current < POLL_FOR_MS ? POLL_MS : false,
  });
  const data = order.data?.order;
  const view = resultView(outcome, orderId, wellFormed && order.isError, data);
  // The tab's title tells no more than the page: never "thank you" for an order that is not paid.
  usePageTitle(t(TITLES[view]));
  useRefreshOnRestore(() => void order.refetch());
  const queryClient = useQueryClient();
  const status = data?.status;
  // What the user owns changed with the payment: the pages that show it read it again.
  useEffect(() => {
    if (status && status !== 'pending') void queryClient.invalidateQueries({ queryKey: [OWNED_PROGRAMMES_QUERY_KEY] });
  }, [status, queryClient]);

  // A provider returns to any of the addresses whatever happened: the order's status decides the page.
  useEffect(() => {
    if (!data) return;
    const to =
      outcome === 'success' && (data.status === 'failed' || data.status === 'cancelled')
        ? 'fail'
        : outcome !== 'success' && data.status !== 'pending' && data.status !== 'failed' && data.status !== 'cancelled'
          ? 'success'
          : null;
    if (!to) return;
    const query = new URLSearchParams({
      order: data.id,
      ...(to === 'fail' ? { reason: data.failure_reason ?? 'unknown' } : {}),
    });
    navigate(`${localizedPath(lang, provider ? `/payment/${to}/${provider}` : `/payment/${to}`)}?${query}`, {
      replace: true,
    });
  }, [outcome, data, lang, navigate, provider]);

  useEffect(() => {
    if (tracked.current) return;
    if (outcome === 'success' && data?.status === 'paid') {
      tracked.current = true;
      const id = transactionId();
      const value = data.amount / 100;
      track({
        event: 'conversion',
        category: 'ecommerce',
        label: data.product_id,
        value,
        customData: { transaction_id: id },
      });
      track({
        event: 'purchase',
        category: 'ecommerce',
        label: data.product_id,
        value,
        customData: { transaction_id: id, currency: data.currency, order_id: data.id, provider: data.provider },
      });
      clearTransactionId();
    }
    if (outcome === 'fail' && (view === 'failed' || !orderId)) {
      tracked.current = true;
      track({
        event: 'payment_failed',
        category: 'ecommerce',
        label: data?.product_id,
        customData: { reason: search.get('reason') ?? data?.failure_reason ?? 'unknown', provider },
      });
    }
  }, [outcome, data, orderId, search, provider, view]);

  const returnLink = (
    <Link className="btn btn-outline-secondary" to={localizedPath(lang, '/dash')}>
      {t('result.return')}
    </Link>
  );
  const actions = (
    <div className="commerce-actions mt-3">
      <Link className="btn btn-primary" to={localizedPath(lang, '/account')} data-testid="to-profile">
        {t('result.profile')}
      </Link>
      <Link className="btn btn-outline-primary" to={localizedPath(lang, '/account/payments')} data-testid="to-history">
        {t('result.history')}
      </Link>
      {returnLink}
    </div>
  );

  if (view === 'unknown') {
    return (
      <section className="commerce-narrow" data-testid="payment-unknown">
        <div className="commerce-panel">
          <h1 className="h3">{t('result.unknown.title')}</h1>
          <p>{orderId ? t('result.unknown.text') : t('result.success.noOrder')}</p>
          {actions}
        </div>
      </section>
    );
  }

  if (view === 'refunded' && data) {
    const partly = data.status === 'partially_refunded';
    // A second payment for a programme already held is returned by itself: the programme stays the buyer's.
    const duplicate = data.failure_reason === 'duplicate_payment';
    return (
      <section className="commerce-narrow" data-testid="payment-refunded">
        <div className="commerce-panel">
          <h1 className="h3">{partly ? t('result.refunded.partialTitle') : t('result.refunded.title')}</h1>
          <p data-testid={duplicate ? 'refunded-duplicate' : undefined}>
            {duplicate
              ? t('result.refunded.duplicateText')
              : partly
                ? t('result.refunded.partialText')
                : t('result.refunded.text')}
          </p>
          <OrderFacts order={data} lang={lang} />
          <p data-testid="refunded-amount">
            {t('result.refunded.refundedAmount')}: {formatMoney(data.refunded_amount, data.currency, lang)}
          </p>
          {actions}
        </div>
      </section>
    );
  }

  if (view === 'cancel') {
    return (
      <section className="commerce-narrow" data-testid="payment-cancel">
        <div className="commerce-panel">
          <h1 className="h3">{t('result.cancel.title')}</h1>
          <p>{t('result.cancel.text')}</p>
          {data && <OrderFacts order={data} lang={lang} />}
          <div className="commerce-actions">
            {data && (
              <Link
                className="btn btn-primary"
                to={`${localizedPath(lang, '/checkout')}?${new URLSearchParams({ product: data.product_id, source: 'cancel', retry: 'true' })}`}
              >
                {t('result.retry')}
              </Link>
            )}
            <Link className="btn btn-outline-primary" to={localizedPath(lang, '/profile/payments')}>
              {t('result.history')}
            </Link>
          </div>
        </div>
      </section>
    );
  }

  if (view === 'failed') {
    const reason = search.get('reason') ?? data?.failure_reason ?? 'unknown';
    return (
      <section className="commerce-narrow" data-testid="payment-fail">
        <div className="commerce-panel">
          <h1 className="h3">{t('result.fail.title')}</h1>
          <p>{t('result.fail.text')}</p>
          {reason !== 'unknown' && (
            <p className="text-body-secondary" data-testid="fail-reason">
              {t('result.fail.yourReason')}: {t(`reasons.${reason}`, { defaultValue: reason })}
            </p>
          )}
          <h2 className="h6">{t('result.fail.possible')}</h2>
          <ul>
            <li>{t('result.fail.funds')}</li>
            <li>{t('result.fail.bank')}</li>
            <li>{t('result.fail.cancelled')}</li>
          </ul>
          {data && <OrderFacts order={data} lang={lang} />}
          <div className="commerce-actions">
            <Link
              className="btn btn-primary"
              to={`${localizedPath(lang, '/checkout')}?${new URLSearchParams({
                product: data?.product_id ?? '13days',
                source: 'payment_fail',
                retry: 'true',
              })}`}
              data-testid="fail-retry"
            >
              {t('result.retry')}
            </Link>
            <Link className="btn btn-outline-primary" to={localizedPath(lang, '/account/payments')}>
              {t('result.history')}
            </Link>
            {returnLink}
          </div>
          <p className="small text-body-secondary mt-3 mb-0">
            {t('result.support')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        </div>
      </section>
    );
  }

  const pending = view === 'pending';
  const timedOut = pending && !order.isFetching && Date.now() - startedAt.current >= POLL_FOR_MS;
  return (
    <section className="commerce-narrow" data-testid={pending ? 'payment-checking' : 'payment-success'}>
      <div className="commerce-panel">
        {!data || pending ? (
          <div className="text-center" data-testid="payment-pending">
            <h1 className="h3">{t('result.pending.title')}</h1>
            {timedOut ? (
              <p>{t('result.pending.slow')}</p>
            ) : (
              <div className="spinner-border text-primary my-3" role="status" aria-hidden="true" />
            )}
            <p>{t('result.pending.text')}</p>
            {data && <OrderFacts order={data} lang={lang} />}
            {actions}
          </div>
        ) : (
          <>
            <h1 className="h3" data-testid="payment-paid">
              {data.kind === 'purchase' ? t('result.success.title') : t('result.success.subscriptionTitle')}
            </h1>
            <p>{data.kind === 'purchase' ? t('result.success.text') : t('result.success.subscriptionText')}</p>
            <OrderFacts order={data} lang={lang} />
            {actions}
          </>
        )}
      </div>
    </section>
  );
}
