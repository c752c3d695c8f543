import { planById } from '@hunab/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Dialog } from '../../components/Dialog.tsx';
import { PlanFeatures } from '../../components/PlanFeatures.tsx';
import { SubscriptionLink } from '../../components/SubscriptionLink.tsx';
import { languageOfPath } from '../../lib/languages.ts';
import { formatPrice, planPrice, subscriptionLink } from '../../lib/plans.ts';
import { closePricewall, type PricewallRequest, pricewallVariant, recommendedPlan } from './pricewall.ts';
import './pricewall.css';

/**
 * The pricewall: a modal dialog saying which limit was reached, offering the recommended plan with its monthly price
 * and leading to the subscription page, in the shared modal dialog.
 */
export default function Pricewall({ request }: { request: PricewallRequest }) {
  const { t } = useTranslation(['cards', 'subscription']);
  const location = useLocation();
  const lang = languageOfPath(location.pathname);
  const tier = recommendedPlan(request.reason, request.plan);
  const plan = planById(tier);
  const href = useMemo(
    () => subscriptionLink({ source: 'pricewall', reason: request.reason, plan: tier, location }),
    [request.reason, tier, location],
  );
  return (
    <Dialog
      title={t('pricewall.title')}
      closeLabel={t('pricewall.close')}
      onClose={closePricewall}
      className="pricewall"
      describedBy="pricewall-reason"
      data={{ testid: 'pricewall', reason: request.reason, variant: pricewallVariant(request) }}
    >
      <p id="pricewall-reason">{t(`pricewall.reasons.${request.reason}`, { limit: request.limit ?? '' })}</p>
      {plan && (
        <section className="pricewall-offer" data-testid="pricewall-offer" data-plan={tier}>
          <p className="pricewall-plan">{t('pricewall.recommended', { plan: t(`pricewall.plans.${tier}`) })}</p>
          <p className="pricewall-price">
            <span className="fs-3 fw-semibold" data-testid="pricewall-price">
              {formatPrice(planPrice(plan, lang), lang)}
            </span>{' '}
            <span className="text-body-secondary">{t('subscription:perMonth')}</span>
          </p>
          <PlanFeatures features={plan.features} className="small" />
        </section>
      )}
      <div className="dialog-actions">
        <SubscriptionLink href={href} className="btn btn-primary" onClick={closePricewall} testId="pricewall-choose">
          {t('subscription:pricewall.choose', { plan: t(`pricewall.plans.${tier}`) })}
        </SubscriptionLink>
        <button type="button" className="btn btn-outline-secondary" onClick={closePricewall}>
          {t('pricewall.notNow')}
        </button>
      </div>
    </Dialog>
  );
}
