import { PLAN_TIERS } from '@hunab/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SubscriptionLink } from '../../components/SubscriptionLink.tsx';
import { languageOfPath, localizedPath } from '../../lib/languages.ts';
import { subscriptionLink } from '../../lib/plans.ts';
import type { SubscriptionReason, VisitContext } from './model.ts';

/**
 * What the link to the page said about the visit: the reason (when the mobile banner does not say it already), the
 * free views left, the plan the visitor needs and the dashboard tab to go back to (spec 000 section 2.4).
 */
export function VisitContextPanel({
  visit,
  reason,
  currentLevel,
}: {
  visit: VisitContext;
  reason: SubscriptionReason | null;
  /** The level the reader's own subscription gives now; null while unknown. */
  currentLevel: number | null;
}) {
  const { t } = useTranslation('subscription');
  const location = useLocation();
  const lang = languageOfPath(location.pathname);
  if (!reason && visit.viewsRemaining === null && !visit.level && !visit.tab) return null;
  const tier = visit.level ? PLAN_TIERS[visit.level] : null;
  const included = visit.level !== null && currentLevel !== null && currentLevel >= visit.level;
  return (
    <div className="alert alert-info subscription-visit" role="status" data-testid="visit-context">
      {reason && <p className="mb-1">{t(`reasons.${reason}`)}</p>}
      {visit.viewsRemaining !== null && (
        <p className="mb-1" data-testid="visit-views">
          {t('visit.viewsLeft', { count: visit.viewsRemaining })}
        </p>
      )}
      {tier && (
        <p className="mb-1" data-testid="visit-level" data-included={included}>
          {t(included ? 'visit.levelIncluded' : 'visit.levelNeeded', { plan: t(`plans.${tier}`) })}{' '}
          {!included && (
            <SubscriptionLink
              href={subscriptionLink({ source: 'account', reason: reason ?? 'premium_feature', plan: tier, location })}
              testId="visit-plan-link"
            >
              {t('visit.seePlan', { plan: t(`plans.${tier}`) })}
            </SubscriptionLink>
          )}
        </p>
      )}
      {visit.tab && (
        <p className="mb-0">
          <Link to={`${localizedPath(lang, '/dash')}?tab=${visit.tab}`} data-testid="visit-back">
            {t('visit.back', { tab: t(`dash.tab.${visit.tab}`, { ns: 'translation' }) })}
          </Link>
        </p>
      )}
    </div>
  );
}
