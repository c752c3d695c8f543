import { type Plan, type PlanTier, planById } from '@hunab/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PlanFeatures } from '../../components/PlanFeatures.tsx';
import { formatters, languageOfPath, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { bestPromo, discountedPrice, formatPrice, planPrice } from '../../lib/plans.ts';
import { useSession } from '../auth/session.ts';
import { fetchActivePromos, fetchActiveStatus, isNoAnswer, SUBSCRIPTION_KEYS, serverText } from './api.ts';
import { knownReason } from './model.ts';
import { RadioButtons } from './RadioButtons.tsx';
import './subscription.css';

type Period = 'monthly' | 'yearly';

/** The three cards of a billing period: free, then basic and premium of that period. */
export function plansOfPeriod(period: Period): Plan[] {
  const ids = ['free', `basic_${period}`, `premium_${period}`];
  return ids.map((id) => planById(id)).filter((plan): plan is Plan => !!plan);
}

/**
 * /subscription: the plan catalogue as cards with a monthly/yearly switch, prices in the language's currency, the best
 * promo applied, the user's plan marked. Reads source, platform, reason, plan (preselected) and upgrade (premium
 * highlighted). Choosing leads to /subscription/checkout?plan=...
 */
export default function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  usePageTitle(t('plansPage.title'));
  return <PlanCatalogue level={1} />;
}

/**
 * The plans with their prices, as /subscription shows them and /account/subscription?tab=plans opens on. `level`:
 * the level of its heading (the plans' own are one below).
 */
export function PlanCatalogue({ level }: { level: 1 | 2 }) {
  const { t } = useTranslation('subscription');
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const lang = languageOfPath(pathname);
  const session = useSession();
  const signedIn = session.status === 'authenticated' && !session.user?.isOfflineUser;
  const Title = level === 1 ? 'h1' : 'h2';
  const PlanTitle = level === 1 ? 'h2' : 'h3';

  const wanted = planById(search.get('plan') ?? '');
  const [period, setPeriod] = useState<Period>(wanted?.billing_period === 'yearly' ? 'yearly' : 'monthly');
  const highlighted: PlanTier | null = search.get('upgrade') === 'premium' ? 'premium' : (wanted?.tier ?? null);
  const reason = knownReason(search.get('reason'));

  const status = useQuery({
    queryKey: [...SUBSCRIPTION_KEYS.status, String(session.user?.id ?? '')],
    queryFn: fetchActiveStatus,
    enabled: signedIn,
  });
  const promos = useQuery({ queryKey: SUBSCRIPTION_KEYS.promos, queryFn: fetchActivePromos });
  const promo = bestPromo(promos.data ?? []);
  const current: PlanTier | null = !signedIn
    ? null
    : status.data
      ? status.data.active && status.data.level > 0
        ? status.data.plan
        : 'free'
      : null;

  const checkout = (plan: Plan) => {
    const params = new URLSearchParams({ plan: plan.id });
    if (promo) params.set('promo', promo.code);
    for (const key of ['source', 'platform', 'reason'] as const) {
      const value = search.get(key);
      if (value) params.set(key, value);
    }
    return `${localizedPath(lang, '/subscription/checkout')}?${params}`;
  };

  return (
    <section className="subscription-plans" data-testid="subscription-plans">
      <header className="text-center mb-4">
        <Title className="h2">{t('plansPage.title')}</Title>
        <p className="text-body-secondary mb-0">{t('plansPage.subtitle')}</p>
      </header>
      {/* The page has no header navigation (spec 000 section 2.4): a signed-in reader gets their ways on from here. */}
      {signedIn ? (
        <nav className="d-flex flex-wrap justify-content-center gap-3 mb-4" data-testid="plans-nav">
          <Link to={localizedPath(lang, '/dash')}>{t('plansPage.toCalendar')}</Link>
          <Link to={localizedPath(lang, '/account/subscription')}>{t('plansPage.mySubscription')}</Link>
        </nav>
      ) : null}
      {reason && (
        <div className="alert alert-info" role="status" data-testid="plans-reason">
          {t(`reasons.${reason}`)}
        </div>
      )}
      {status.error && (
        <div className="alert alert-warning" role="alert" data-testid="status-error">
          {t(isNoAnswer(status.error) ? 'subscriptionErrors.statusNetwork' : 'subscriptionErrors.statusFailed')}
        </div>
      )}
      {promos.error && (
        <div className="alert alert-warning" role="alert" data-testid="promo-error">
          {isNoAnswer(promos.error)
            ? t('promoErrors.network')
            : (serverText(promos.error) ?? t('promoErrors.loadFailed'))}
        </div>
      )}
      {promo && (
        <div className="alert alert-success text-center" role="status" data-testid="promo-banner">
          {t('plansPage.promo', {
            code: promo.code,
            percent: formatters(lang).number(promo.percent),
            date: formatters(lang).date(new Date(`${promo.valid_until}T12:00:00Z`), 'long'),
          })}
        </div>
      )}
      <fieldset className="subscription-period">
        <legend className="visually-hidden">{t('plansPage.period')}</legend>
        <RadioButtons
          name="billing-period"
          options={['monthly', 'yearly'] as const}
          value={period}
          onChange={setPeriod}
          label={(option) => t(`billing.${option}`)}
        />
        {period === 'yearly' && <p className="small text-body-secondary mt-2 mb-0">{t('plansPage.yearlySaving')}</p>}
      </fieldset>
      <div className="subscription-cards">
        {plansOfPeriod(period).map((plan) => {
          const price = planPrice(plan, lang);
          const discounted = promo && price > 0 ? discountedPrice(price, promo.percent, lang) : null;
          const isCurrent = current === plan.tier;
          const isHighlighted = highlighted === plan.tier;
          return (
            <article
              key={plan.id}
              className={`subscription-card${isHighlighted ? ' is-highlighted' : ''}${isCurrent ? ' is-current' : ''}`}
              data-testid={`plan-${plan.tier}`}
              aria-current={isCurrent ? 'true' : undefined}
              aria-labelledby={`plan-title-${plan.tier}`}
            >
              <div className="subscription-card-badges">
                {isCurrent && <span className="badge text-bg-success">{t('plansPage.current')}</span>}
                {isHighlighted && !isCurrent && (
                  <span className="badge text-bg-primary">{t('plansPage.recommended')}</span>
                )}
              </div>
              <PlanTitle id={`plan-title-${plan.tier}`} className="h4">
                {t(`plans.${plan.tier}`)}
              </PlanTitle>
              <p className="subscription-price" data-testid={`price-${plan.tier}`}>
                {discounted !== null ? (
                  <>
                    <span className="fs-2 fw-bold">{formatPrice(discounted, lang)}</span>{' '}
                    <s className="text-body-secondary">
                      <span className="visually-hidden">{t('plansPage.oldPrice')}: </span>
                      {formatPrice(price, lang)}
                    </s>
                  </>
                ) : (
                  <span className="fs-2 fw-bold">{formatPrice(price, lang)}</span>
                )}{' '}
                <span className="text-body-secondary">
                  {t(plan.billing_period === 'yearly' ? 'perYear' : 'perMonth')}
                </span>
              </p>
              <PlanFeatures features={plan.features} />
              <div className="mt-auto pt-3">
                {plan.tier === 'free' ? (
                  <p className="small text-body-secondary mb-0">{t('plansPage.freeNote')}</p>
                ) : isCurrent ? (
                  <button type="button" className="btn btn-outline-secondary w-100" disabled>
                    {t('plansPage.current')}
                  </button>
                ) : (
                  <Link
                    className={`btn w-100 ${isHighlighted ? 'btn-primary' : 'btn-outline-primary'}`}
                    to={checkout(plan)}
                    data-testid={`choose-${plan.tier}`}
                  >
                    {t('plansPage.choose')}
                  </Link>
                )}
              </div>
            </article>
          );
        })}
      </div>
    </section>
  );
}
