import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSimulatedAccess } from '../../lib/access-simulation.ts';
import { splitLanguage } from '../../lib/languages.ts';
import { useSelectedDate } from '../../lib/selected-date.tsx';
import { countedViewOf } from './viewCounting.ts';

/**
 * The administrators' strip on every matrix page (spec 001 section 6: an admin banner and debug information): where
 * the access comes from, the access simulated from the admin popover, that views are not counted, and what this page
 * would count for a reader without a subscription. Downloaded by administrators only.
 */
export default function AdminMatrixStrip() {
  const { t } = useTranslation('access');
  const simulated = useSimulatedAccess(true);
  const { pathname, search } = useLocation();
  const { iso } = useSelectedDate();
  const view = countedViewOf(splitLanguage(pathname).path, search);
  const counts = view ? (view.scope === 'dash' ? `dash_${view.tab}` : view.kind) : t('adminStrip.nothing');
  return (
    <aside
      className="admin-matrix-strip"
      aria-label={t('adminStrip.title')}
      data-testid="admin-matrix-strip"
      data-source={simulated ? 'simulated' : 'admin'}
    >
      <strong className="admin-matrix-strip-title">{t('adminStrip.title')}</strong>
      <dl>
        <div>
          <dt>{t('adminStrip.source')}</dt>
          <dd data-testid="admin-strip-source">
            {simulated ? t('adminStrip.sourceSimulated') : t('adminStrip.sourceAdmin')}
          </dd>
        </div>
        <div>
          <dt>{t('adminStrip.simulated')}</dt>
          <dd data-testid="admin-strip-simulated">
            {simulated ? t(`adminTools.kinds.${simulated}`, { ns: 'translation' }) : t('adminStrip.simulatedNone')}
          </dd>
        </div>
        <div>
          <dt>{t('adminStrip.views')}</dt>
          <dd data-testid="admin-strip-views">{t('adminStrip.notCounted')}</dd>
        </div>
        <div>
          <dt>{t('adminStrip.counts')}</dt>
          <dd>
            <code>{counts}</code> · <code>{iso}</code>
          </dd>
        </div>
      </dl>
    </aside>
  );
}
