import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localizedPath } from '../../lib/languages.ts';
import { usePathLanguage } from '../../lib/route-match.ts';

/** What a signed-in reader without game access sees on a game page: why, and the way in. */
export function GameClosed() {
  const { t } = useTranslation('game');
  const lang = usePathLanguage();
  return (
    <section className="guard-card text-center" role="alert" data-testid="game-closed">
      <h1 className="h4">{t('closed.title')}</h1>
      <p className="text-body-secondary">{t('closed.text')}</p>
      <Link className="btn btn-primary" to={localizedPath(lang, '/subscription')}>
        {t('closed.action')}
      </Link>
    </section>
  );
}
