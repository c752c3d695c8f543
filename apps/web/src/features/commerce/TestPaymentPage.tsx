import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { localizedPath } from '../../lib/languages.ts';
import { useRefreshOnRestore } from '../../lib/page-restore.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { formatMoney } from '../../lib/plans.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { COMMERCE_KEYS, completeTestPayment, fetchTestPayment } from './api.ts';
import './commerce.css';

/** The path and query of a return address, so the buyer stays on this origin. */
const pathOf = (url: string) => {
  const parsed = new URL(url, window.location.href);
  return `${parsed.pathname}${parsed.search}`;
};

/** What the buyer may answer on the test provider's page, and how each button looks. */
const TEST_ACTIONS = [
  ['pay', 'btn btn-success btn-lg'],
  ['decline', 'btn btn-outline-danger btn-lg'],
] as const;

/**
 * /payment?test_payment=...: the built-in test provider's payment page, standing in for a real provider's when no
 * provider keys are set. Pay or Decline changes the provider's payment, which notifies the server like a real one;
 * the buyer then returns to the result page, which reads the order's status from the server.
 */
export default function TestPaymentPage() {
  const { t } = useTranslation('commerce');
  const lang = usePathLanguage();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = search.get('test_payment') ?? '';
  usePageTitle(t('testProvider.title'));
  const payment = useQuery({
    queryKey: COMMERCE_KEYS.testPayment(id),
    queryFn: () => fetchTestPayment(id),
    enabled: /^[0-9a-f-]{36}$/i.test(id),
    retry: false,
    // Shown again by Back after paying, the page reads the payment anew rather than offering Pay once more.
    staleTime: 0,
    refetchOnMount: 'always',
  });
  useRefreshOnRestore(() => void payment.refetch());
  const complete = useMutation({
    mutationFn: (action: 'pay' | 'decline') => completeTestPayment(id, action),
    // Like a real provider, back to the return address either way; the result page reads what happened.
    onSuccess: (done) => navigate(pathOf(done.return_url)),
  });

  if (!id || payment.isError) {
    return (
      <section className="commerce-narrow text-center" data-testid="test-payment">
        <h1 className="h3">{t('testProvider.title')}</h1>
        <p>{t('testProvider.missing')}</p>
      </section>
    );
  }
  const data = payment.data;
  return (
    <section className="commerce-narrow" data-testid="test-payment">
      <div className="commerce-panel test-provider">
        <p className="badge text-bg-warning mb-2">{t('testProvider.badge')}</p>
        <h1 className="h3">{t('testProvider.title')}</h1>
        <p className="text-body-secondary">{t('testProvider.explain')}</p>
        {data ? (
          <>
            <dl className="commerce-facts">
              <dt>{t('testProvider.description')}</dt>
              <dd>{data.description}</dd>
              <dt>{t('testProvider.amount')}</dt>
              <dd data-testid="test-amount">{formatMoney(data.amount, data.currency, lang)}</dd>
              {data.save_payment_method && (
                <>
                  <dt>{t('testProvider.saved')}</dt>
                  <dd>{t('testProvider.savedYes')}</dd>
                </>
              )}
            </dl>
            {data.status === 'pending' && payment.isFetching ? (
              <p className="text-body-secondary">{t('loading')}</p>
            ) : data.status === 'pending' ? (
              <div className="commerce-actions">
                {TEST_ACTIONS.map(([action, className]) => (
                  <button
                    key={action}
                    type="button"
                    className={className}
                    disabled={complete.isPending}
                    onClick={() => complete.mutate(action)}
                    data-testid={`test-${action}`}
                  >
                    {t(`testProvider.${action}`)}
                  </button>
                ))}
              </div>
            ) : (
              <p className="fw-semibold">{t(`testProvider.done.${data.status}`)}</p>
            )}
            {complete.isError && (
              <p className="text-danger mt-2" role="alert">
                {t('checkout.errors.generic')}
              </p>
            )}
          </>
        ) : (
          <p className="text-body-secondary">{t('loading')}</p>
        )}
      </div>
      <p className="small text-body-secondary text-center">
        <a href={localizedPath(lang, '/legal/terms')}>{t('checkout.termsLink')}</a>
      </p>
    </section>
  );
}
