import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { localizedPath } from '../../lib/languages.ts';
import { useRefreshOnRestore } from '../../lib/page-restore.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import { COMMERCE_KEYS, fetchOrder } from './api.ts';
import './commerce.css';

/**
 * /checkout/redirect?order=...: the hand-off to the provider's payment page. The confirmation address is read from
 * the server (never from the query), so a link cannot send a buyer elsewhere. A page of this app (the test provider)
 * opens in place; a provider's page replaces this one.
 */
export default function RedirectPage() {
  const { t } = useTranslation('commerce');
  const lang = usePathLanguage();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const orderId = search.get('order') ?? '';
  usePageTitle(t('redirect.title'));
  const order = useQuery({
    queryKey: COMMERCE_KEYS.order(orderId),
    queryFn: () => fetchOrder(orderId, false),
    enabled: /^[0-9a-f-]{36}$/i.test(orderId),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: 1,
  });
  useRefreshOnRestore(() => void order.refetch());
  // Only an answer read on this visit may send the buyer on: a remembered one may be of an order since paid.
  const target = order.isFetchedAfterMount && !order.isFetching ? (order.data?.confirmation_url ?? null) : null;
  const status = order.data?.order.status;

  useEffect(() => {
    if (!target) return;
    const url = new URL(target, window.location.href);
    // The built-in test provider's page belongs to this app: open it here, whatever host the server names.
    if (url.pathname === '/payment' && url.searchParams.has('test_payment')) {
      navigate(`${localizedPath(lang, '/payment')}${url.search}`, { replace: true });
    } else {
      window.location.assign(url.toString());
    }
  }, [target, lang, navigate]);

  return (
    <section className="commerce-narrow text-center" data-testid="redirect-page">
      <h1 className="h3">{t('redirect.title')}</h1>
      {order.isError || (order.isFetchedAfterMount && !order.isFetching && !target) ? (
        <>
          <p>{status && status !== 'pending' ? t('redirect.closed') : t('redirect.failed')}</p>
          <Link className="btn btn-primary" to={localizedPath(lang, '/account/payments')}>
            {t('result.history')}
          </Link>
        </>
      ) : (
        <>
          <div className="spinner-border text-primary my-3" role="status" aria-hidden="true" />
          <p>{t('redirect.wait')}</p>
          {target && (
            <p className="small">
              <a href={target}>{t('redirect.manual')}</a>
            </p>
          )}
        </>
      )}
    </section>
  );
}
