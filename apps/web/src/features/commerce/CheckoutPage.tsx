import { BUYER_NAME_MAX, type ProductDto } from '@hunab/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CheckField, FormField } from '../../components/FormField.tsx';
import { OwnedNotice } from '../../components/OwnedProgramme.tsx';
import { track } from '../../lib/analytics.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { type Language, languageOfPath, localizedPath } from '../../lib/languages.ts';
import { heldProgrammeOf, useOwnedProgrammes } from '../../lib/owned-programmes.ts';
import { useRefreshOnRestore } from '../../lib/page-restore.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { formatMoney } from '../../lib/plans.ts';
import { useRouteEntry } from '../../lib/route-match.ts';
import { transactionId } from '../../lib/transaction.ts';
import { useSession } from '../auth/session.ts';
import { COMMERCE_KEYS, checkoutProductId, createOrder, fetchProduct } from './api.ts';
import './commerce.css';

const PROMO_PATTERN = /^[A-Za-z0-9_-]{0,40}$/;
/** An address the receipt can go to, as far as the page checks it: the server checks it fully. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

function Summary({ product, lang, promo }: { product: ProductDto; lang: Language; promo: string }) {
  const { t } = useTranslation('commerce');
  const currency = lang === 'ru' ? 'RUB' : 'USD';
  return (
    <div className="commerce-panel" data-testid="checkout-summary">
      <h2 className="h5 mb-2">{product.name}</h2>
      <p className="text-body-secondary mb-2">{product.shortDescription}</p>
      <dl className="commerce-facts mb-0">
        <dt>{t('checkout.price')}</dt>
        <dd data-testid="checkout-price">{formatMoney(product.prices[currency], currency, lang)}</dd>
        {product.type === 'subscription' ? (
          <>
            <dt>{t('checkout.period')}</dt>
            <dd>{t('checkout.periodDays', { count: product.days })}</dd>
          </>
        ) : (
          <>
            <dt>{t('checkout.access')}</dt>
            <dd>{t('products.days', { count: product.days })}</dd>
          </>
        )}
        {promo && (
          <>
            <dt>{t('checkout.promo')}</dt>
            <dd>{promo.toUpperCase()}</dd>
          </>
        )}
      </dl>
      {/* Only a promo code changes the price the order is made at. */}
      {promo ? (
        <p className="small text-body-secondary mt-2 mb-0" data-testid="checkout-price-note">
          {t('checkout.finalPriceNote')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * /checkout (product, source, retry), /subscription/checkout (plan, promo) and /checkout/book-form: the summary of
 * what is bought with the promo code, then the buyer's details for the receipt with the consents, then the order is
 * created on the server (which alone sets the price) and the buyer goes to /checkout/redirect.
 */
export default function CheckoutPage() {
  const { t } = useTranslation('commerce');
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const entry = useRouteEntry();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const user = session.status === 'authenticated' && !session.user?.isOfflineUser ? session.user : null;

  const productId = checkoutProductId(search);
  const source = search.get('source') ?? (search.get('plan') ? 'subscription' : 'checkout');
  const retry = search.get('retry') === 'true';
  const onForm = entry.path === '/checkout/book-form';
  usePageTitle(t('checkout.title'));

  const [promo, setPromo] = useState(search.get('promo') ?? '');
  // The buyer's name and address as typed; until then the account's, which a page rendered for a guest learns
  // only after it has started.
  const [typedName, setName] = useState<string | null>(null);
  const [typedEmail, setEmail] = useState<string | null>(null);
  const name = typedName ?? (typeof user?.name === 'string' ? user.name : (user?.username ?? ''));
  const email = typedEmail ?? user?.email ?? '';
  const [emailLeft, setEmailLeft] = useState(false);
  const [phone, setPhone] = useState('');
  const [terms, setTerms] = useState(false);
  const [saveMethod, setSaveMethod] = useState(true);

  const product = useQuery({
    queryKey: COMMERCE_KEYS.product(productId, lang),
    queryFn: () => fetchProduct(productId, lang),
    enabled: productId !== '',
    retry: 1,
  });
  const owned = useOwnedProgrammes(user ? String(user.id) : null, lang);
  const held = product.data ? heldProgrammeOf(owned.data, product.data) : null;

  const order = useMutation({
    mutationFn: () =>
      createOrder({
        ...(product.data?.type === 'subscription' ? { plan_id: productId } : { product_id: productId }),
        ...(promo ? { promo_code: promo } : {}),
        source: retry ? `${source}:retry` : source,
        lang,
        save_payment_method: product.data?.type === 'subscription' && saveMethod,
        receipt: {
          email,
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(phone.trim() ? { phone: phone.trim() } : {}),
        },
      }),
    onSuccess: ({ order: created }) => {
      track({
        event: 'begin_checkout',
        category: 'ecommerce',
        label: created.product_id,
        value: created.amount / 100,
        customData: { transaction_id: transactionId(), currency: created.currency, order_id: created.id },
      });
      // A 100 % promo code: the order is paid as it is made, so there is no payment page to go to.
      if (created.status === 'paid') navigate(`${localizedPath(lang, '/payment/success')}?order=${created.id}`);
      else navigate(`${localizedPath(lang, '/checkout/redirect')}?order=${created.id}`);
    },
  });

  // Shown again by Back after paying: what the user now owns is read anew, and the last attempt is forgotten.
  useRefreshOnRestore(() => {
    order.reset();
    void owned.refetch();
  });

  /** Another step of the checkout with the same query, and the promo code as typed. */
  const step = (path: string) => {
    const params = new URLSearchParams(search);
    if (promo) params.set('promo', promo);
    else params.delete('promo');
    return `${localizedPath(lang, path)}?${params}`;
  };

  if (!productId) {
    return (
      <section className="commerce-narrow text-center" data-testid="checkout-page">
        <h1 className="h2">{t('checkout.title')}</h1>
        <p>{t('checkout.nothingChosen')}</p>
        <Link className="btn btn-primary" to={localizedPath(lang, '/products')}>
          {t('products.title')}
        </Link>
      </section>
    );
  }
  if (!user) {
    // A guest sees what is on sale, then is asked to sign in or register and comes back here. The page is rendered on
    // the server for a guest; in a browser holding a token the request to sign in stays hidden (commerce.css).
    const back = `${pathname}?${search.toString()}`;
    return (
      <section className="commerce-narrow" data-testid="checkout-page">
        <h1 className="h2">{t('checkout.title')}</h1>
        {product.data ? (
          <Summary product={product.data} lang={lang} promo={promo} />
        ) : product.isError || product.data === null ? (
          <div className="alert alert-warning" role="alert" data-testid="checkout-not-found">
            {t('products.notFound')} <Link to={localizedPath(lang, '/products')}>{t('products.title')}</Link>
          </div>
        ) : null}
        {/* Nothing to sign in for when nothing is on sale under this address. */}
        {product.data !== null && (
          <div className="commerce-panel text-center checkout-guest" data-testid="checkout-sign-in">
            <p>{t('checkout.signInFirst')}</p>
            <div className="commerce-actions justify-content-center">
              <Link className="btn btn-primary" to={localizedPath(lang, '/login')} state={{ from: back }}>
                {t('checkout.signIn')}
              </Link>
              <Link className="btn btn-outline-primary" to={localizedPath(lang, '/register')} state={{ from: back }}>
                {t('checkout.register')}
              </Link>
            </div>
          </div>
        )}
      </section>
    );
  }

  const error = order.error;
  const errorText =
    error instanceof ApiRequestError
      ? error.code === 'PROMO_INVALID'
        ? t('checkout.errors.promo')
        : error.code === 'PROMO_EXHAUSTED'
          ? t('checkout.errors.promoExhausted')
          : error.code === 'PAYMENTS_UNAVAILABLE'
            ? t('checkout.errors.unavailable')
            : error.code === 'ALREADY_OWNED'
              ? t('checkout.errors.owned')
              : error.status === 429
                ? t('checkout.errors.tooMany')
                : error.status === 0
                  ? t('checkout.errors.network')
                  : t('checkout.errors.generic')
      : error
        ? t('checkout.errors.generic')
        : null;

  const emailValid = EMAIL_SHAPE.test(email.trim());
  // Why the pay button cannot be pressed, said under it and tied to it for a screen reader.
  const payBlocked = !emailValid ? t('checkout.payNeedsEmail') : !terms ? t('checkout.payNeedsTerms') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (payBlocked || order.isPending) return;
    order.mutate();
  };

  return (
    <section className="commerce-narrow" data-testid="checkout-page">
      <h1 className="h2">{t('checkout.title')}</h1>
      <ol className="commerce-steps">
        <li aria-current={onForm ? undefined : 'step'}>1. {t('checkout.stepSummary')}</li>
        <li aria-current={onForm ? 'step' : undefined}>2. {t('checkout.stepDetails')}</li>
        <li>3. {t('checkout.stepPay')}</li>
      </ol>
      {retry && (
        <div className="alert alert-info" role="status">
          {t('checkout.retryNote')}
        </div>
      )}
      {product.isPending ? (
        <p className="text-body-secondary">{t('loading')}</p>
      ) : product.isError || !product.data ? (
        <div className="alert alert-warning" role="alert" data-testid="checkout-not-found">
          {t('products.notFound')} <Link to={localizedPath(lang, '/products')}>{t('products.title')}</Link>
        </div>
      ) : (
        <>
          <Summary product={product.data} lang={lang} promo={promo} />
          {held ? (
            <div className="commerce-panel" data-testid="checkout-owned">
              <OwnedNotice programme={held} lang={lang} />
              <p className="mt-3 mb-0">
                <Link to={localizedPath(lang, '/account')}>{t('result.profile')}</Link>
              </p>
            </div>
          ) : !onForm ? (
            <>
              <FormField
                id="promo-code"
                label={t('checkout.promoLabel')}
                value={promo}
                maxLength={40}
                autoComplete="off"
                onValueChange={(value) => PROMO_PATTERN.test(value) && setPromo(value)}
              />
              <Link
                className="btn btn-primary btn-lg w-100"
                to={step('/checkout/book-form')}
                data-testid="checkout-continue"
              >
                {t('checkout.continue')}
              </Link>
            </>
          ) : (
            <form onSubmit={submit} noValidate data-testid="book-form">
              <FormField
                id="buyer-name"
                label={t('checkout.name')}
                value={name}
                maxLength={BUYER_NAME_MAX}
                autoComplete="name"
                onValueChange={setName}
              />
              <FormField
                id="buyer-email"
                label={t('checkout.email')}
                type="email"
                value={email}
                required
                autoComplete="email"
                onValueChange={setEmail}
                onBlur={() => setEmailLeft(true)}
                error={emailLeft && !emailValid ? t('checkout.errors.email') : null}
                hint={t('checkout.emailHelp')}
              />
              <FormField
                id="buyer-phone"
                label={t('checkout.phone')}
                type="tel"
                value={phone}
                maxLength={20}
                autoComplete="tel"
                onValueChange={setPhone}
              />
              {product.data.type === 'subscription' && (
                <CheckField
                  id="save-method"
                  className="mb-2"
                  label={t('checkout.saveMethod')}
                  checked={saveMethod}
                  onCheckedChange={setSaveMethod}
                />
              )}
              <CheckField
                id="accept-terms"
                className="mb-3"
                label={
                  <>
                    {t('checkout.terms')}{' '}
                    <Link to={localizedPath(lang, '/legal/terms')} target="_blank">
                      {t('checkout.termsLink')}
                    </Link>
                  </>
                }
                checked={terms}
                onCheckedChange={setTerms}
                required
              />
              {/* Present from the start, so the error put into it is announced. */}
              <div role="alert">
                {errorText && (
                  <div className="alert alert-danger" data-testid="checkout-error">
                    {errorText}
                  </div>
                )}
              </div>
              <button
                type="submit"
                className="btn btn-primary btn-lg w-100"
                disabled={payBlocked !== null || order.isPending}
                aria-describedby={payBlocked ? 'checkout-pay-why' : undefined}
                data-testid="checkout-pay"
              >
                {order.isPending ? t('checkout.creating') : t('checkout.pay')}
              </button>
              {payBlocked && (
                <p id="checkout-pay-why" className="form-text mb-0" data-testid="checkout-pay-why">
                  {payBlocked}
                </p>
              )}
              <div className="visually-hidden" role="status">
                {order.isPending ? t('checkout.creating') : ''}
              </div>
              <p className="mt-2">
                <Link to={step(search.get('plan') ? '/subscription/checkout' : '/checkout')}>
                  ← {t('checkout.back')}
                </Link>
              </p>
            </form>
          )}
        </>
      )}
    </section>
  );
}
