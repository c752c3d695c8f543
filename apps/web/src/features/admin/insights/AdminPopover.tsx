import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SIMULATED_ACCESS, setSimulatedAccess, useSimulatedAccess } from '../../../lib/access-simulation.ts';
import { CacheTools } from './CacheTools.tsx';
import './insights.css';

/** The admin pages the popover links to, by their route-table title keys. */
const LINKS = [
  ['/admin', 'admin'],
  ['/admin/users', 'adminUsers'],
  ['/admin/analytics', 'adminAnalytics'],
  ['/admin/stats/users', 'adminStatsUsers'],
  ['/admin/referrals', 'adminReferrals'],
  ['/abtests', 'adminAbTests'],
  ['/debug/process', 'adminDebugProcess'],
  ['/debug-language-routes', 'adminDebugLanguageRoutes'],
  ['/advanced', 'adminAdvanced'],
] as const;

/** The content of the header's admin popover (spec 001 section 2): cache tools, access debugging, admin links. */
export default function AdminPopover({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('insights');
  const { t: tc } = useTranslation();
  const simulated = useSimulatedAccess(true);
  return (
    <div className="admin-popover-body" data-testid="admin-popover">
      <h2 className="dropdown-header">{t('popover.cache')}</h2>
      <div className="px-3 pb-2">
        <CacheTools />
      </div>
      <hr className="dropdown-divider" />
      <h2 className="dropdown-header">{t('popover.access')}</h2>
      <fieldset className="px-3 pb-2" aria-label={t('popover.access')}>
        <p className="small text-body-secondary mb-1">{t('popover.accessHelp')}</p>
        {[null, ...SIMULATED_ACCESS].map((kind) => (
          <div className="form-check" key={kind ?? 'real'}>
            <input
              className="form-check-input"
              type="radio"
              name="admin-access-simulation"
              id={`admin-access-${kind ?? 'real'}`}
              checked={simulated === kind}
              onChange={() => setSimulatedAccess(kind)}
              data-testid={`simulate-${kind ?? 'real'}`}
            />
            <label className="form-check-label small" htmlFor={`admin-access-${kind ?? 'real'}`}>
              {kind ? tc(`adminTools.kinds.${kind}`) : t('popover.real')}
            </label>
          </div>
        ))}
      </fieldset>
      <hr className="dropdown-divider" />
      <h2 className="dropdown-header">{t('popover.links')}</h2>
      <ul className="list-unstyled admin-popover-links mb-0">
        {LINKS.map(([to, title]) => (
          <li key={to}>
            <Link className="dropdown-item small" to={to} onClick={onNavigate}>
              {tc(`pages.${title}`)}
            </Link>
          </li>
        ))}
        <li>
          <Link className="dropdown-item small" to="/amoauth" onClick={onNavigate}>
            {t('popover.crm')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
