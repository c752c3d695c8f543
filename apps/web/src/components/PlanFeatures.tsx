import type { PlanFeatures as Features } from '@hunab/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';
import './plan-features.css';

/** What a plan opens, one line per feature of the catalogue (spec 000 section 3), in the `subscription` strings. */
export function planFeatureLines(features: Features): { key: string; options?: Record<string, number> }[] {
  const restriction = features['content.dateRestriction'];
  const views = features['views.monthly'];
  return [
    { key: features['matrices.anyDate'] ? 'features.matricesAnyDate' : 'features.matricesToday' },
    // The counter's promise on the card itself: what a free account's calendar pages cost (ADR 017).
    views === null ? { key: 'features.viewsUnlimited' } : { key: 'features.viewsMonthly', options: { limit: views } },
    {
      key:
        restriction === null
          ? 'features.contentAnyDate'
          : restriction === 0
            ? 'features.contentToday'
            : 'features.contentAround',
      options: restriction ? { count: restriction } : undefined,
    },
    { key: 'features.cards', options: { count: features['cards.maxSaved'] } },
    { key: features['cycles.fullAccess'] ? 'features.cyclesFull' : 'features.cyclesPreview' },
  ];
}

export function PlanFeatures({ features, className }: { features: Features; className?: string }) {
  const { t } = useTranslation('subscription');
  return (
    <ul className={`plan-features ${className ?? ''}`}>
      {planFeatureLines(features).map((line) => (
        <li key={line.key}>
          <Icon name="check" size={16} />
          <span>{t(line.key, line.options)}</span>
        </li>
      ))}
    </ul>
  );
}
