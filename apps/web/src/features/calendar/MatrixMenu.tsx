import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { localizedPath } from '../../lib/languages.ts';
import { usePathLanguage } from '../../lib/route-match.ts';

/** The matrices the menu lists (spec 001 section 2): not kin, plasma or year. */
const ITEMS = [
  ['/dash', 'dash'],
  ['/subscription', 'subscription'],
  ['/tzolkin', 'tzolkin'],
  ['/moon', 'moon'],
  ['/context', 'context'],
  ['/process', 'process'],
  ['/cross', 'cross'],
  ['/trecena', 'trecena'],
] as const;

export function MatrixMenu() {
  const { t } = useTranslation();
  const lang = usePathLanguage();
  return (
    <nav className="matrix-menu" aria-label={t('matrix.menu')} data-testid="matrix-menu">
      {ITEMS.map(([path, key]) => (
        <NavLink key={path} to={localizedPath(lang, path)} end={path === '/dash'}>
          {t(`matrix.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
