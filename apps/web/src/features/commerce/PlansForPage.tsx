import { planById } from '@hunab/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { formatPrice, planPrice } from '../../lib/plans.ts';
import { usePathLanguage, useRouteEntry } from '../../lib/route-match.ts';
import { SUPPORT_EMAIL } from './PaymentResultPage.tsx';
import './commerce.css';

/**
 * /masters/subscription (practitioners who read for clients: premium, yearly recommended, with what it gives them)
 * and /business/subscription (companies and teams: an offer on request for several seats, and the team pages).
 */
export default function PlansForPage() {
  const { t } = useTranslation('commerce');
  const lang = usePathLanguage();
  const business = useRouteEntry().path === '/business/subscription';
  const audience = business ? 'business' : 'masters';
  usePageTitle(t(`audiences.${audience}.title`));
  const yearly = planById('premium_yearly');
  const monthly = planById('premium_monthly');
  const points = t(`audiences.${audience}.points`, { returnObjects: true }) as unknown;

  return (
    <section className="commerce-page" data-testid={`plans-${audience}`}>
      <header className="text-center mb-4">
        <h1 className="h2">{t(`audiences.${audience}.title`)}</h1>
        <p className="lead text-body-secondary">{t(`audiences.${audience}.lead`)}</p>
      </header>
      <div className="commerce-panel">
        <ul className="product-highlights">
          {(Array.isArray(points) ? (points as string[]) : []).map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </div>
      {business ? (
        <div className="commerce-panel text-center">
          <p>{t('audiences.business.offer')}</p>
          <div className="commerce-actions justify-content-center">
            <a className="btn btn-primary" href={`mailto:${SUPPORT_EMAIL}?subject=Hunab%20business`}>
              {t('audiences.business.request')}
            </a>
            <Link className="btn btn-outline-primary" to={localizedPath(lang, '/team/management')}>
              {t('audiences.business.teams')}
            </Link>
          </div>
        </div>
      ) : (
        <div className="product-grid">
          {[yearly, monthly].map((plan) =>
            plan ? (
              <article key={plan.id} className="product-card" data-testid={`masters-${plan.id}`}>
                <h2 className="h4">{t(`audiences.masters.${plan.billing_period}`)}</h2>
                <p className="product-price">{formatPrice(planPrice(plan, lang), lang)}</p>
                <Link
                  className="btn btn-primary mt-auto"
                  to={`${localizedPath(lang, '/subscription/checkout')}?${new URLSearchParams({ plan: plan.id, source: 'masters' })}`}
                >
                  {t('products.buy')}
                </Link>
              </article>
            ) : null,
          )}
        </div>
      )}
    </section>
  );
}
