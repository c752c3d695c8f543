import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Language, localizedPath } from '../../lib/languages.ts';
import { programmeOpens, useOwnedProgrammes } from '../../lib/owned-programmes.ts';
import { useAccess } from './useAccess.ts';

/** The sticky call to action of the dashboard for free users, leading to the plans (spec 001 section 9). */
export function DashCta({ lang }: { lang: Language }) {
  const { t } = useTranslation('access');
  const access = useAccess();
  const owned = useOwnedProgrammes(access.signedIn && access.level === 0 ? access.userId : null, lang);
  if (access.loading || access.level !== 0 || programmeOpens(owned.data, '/dash')) return null;
  return (
    <aside className="dash-cta" data-testid="dash-cta">
      <span>{t('dashCta.text')}</span>
      <Link
        className="btn btn-primary btn-sm"
        to={`${localizedPath(lang, '/subscription')}?source=dash&reason=content_cta`}
      >
        {t('dashCta.cta')}
      </Link>
    </aside>
  );
}
