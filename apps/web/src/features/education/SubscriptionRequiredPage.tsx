import { planById } from '@hunab/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import { PlanFeatures } from '../../components/PlanFeatures.tsx';
import { SubscriptionLink } from '../../components/SubscriptionLink.tsx';
import { formatters, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { planPrice, subscriptionLink } from '../../lib/plans.ts';
import { educationPath, educationPlace } from './paths.ts';

const OFFERED = ['basic_monthly', 'premium_monthly'] as const;

/** Says a lesson needs a subscription (or, for the 13 days, the programme) and offers the plans that open it. */
export default function SubscriptionRequiredPage() {
  const { t } = useTranslation('education');
  const { t: ts } = useTranslation('subscription');
  const { lang } = educationPlace(useLocation().pathname);
  const [search] = useSearchParams();
  const course = search.get('course');
  usePageTitle(t('required.title'));
  return (
    <section data-testid="subscription-required">
      <h1 className="h3 d-flex align-items-center gap-2">
        <Icon name="lock" size={26} />
        {t('required.title')}
      </h1>
      <p className="lead">{t('required.lead')}</p>
      {course === '13-days' && <p>{t('required.programme')}</p>}
      <div className="row g-3 mt-1">
        {OFFERED.map((id) => {
          const plan = planById(id);
          if (!plan) return null;
          return (
            <div className="col-md-6" key={id}>
              <div className="course-card h-100 d-flex flex-column" data-testid={`required-plan-${plan.tier}`}>
                <h2 className="h5">{ts(`plans.${plan.tier}`)}</h2>
                <p className="h4">
                  {formatters(lang).price(planPrice(plan, lang))}
                  <span className="small text-body-secondary"> {ts('perMonth')}</span>
                </p>
                <PlanFeatures features={plan.features} />
                <p className="small">{t('required.opensCourses')}</p>
                <SubscriptionLink
                  className="btn btn-primary mt-auto"
                  href={subscriptionLink({ source: 'education', reason: 'education', plan: id })}
                >
                  {t('required.choose')}
                </SubscriptionLink>
              </div>
            </div>
          );
        })}
      </div>
      <p className="mt-4 d-flex flex-wrap gap-3">
        {course === '13-days' && <Link to={localizedPath(lang, '/13days')}>{t('required.programmeLink')}</Link>}
        <Link to={educationPath(lang, '')}>{t('required.back')}</Link>
      </p>
    </section>
  );
}
