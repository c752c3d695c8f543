import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../features/auth/session.ts';
import { useConnection } from '../lib/connection.ts';
import { type Language, localizedPath } from '../lib/languages.ts';

/**
 * One line under the top banners that says why the app works from the device alone: no network, a server in
 * trouble (the connection test tells them apart), or the offline user's session, whose changes wait for a real
 * sign-in. Nothing when all is well.
 */
export function ConnectionLine({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const connection = useConnection();
  const session = useSession();
  const offlineUser = session.status === 'authenticated' && session.user?.isOfflineUser === true;
  if (connection === 'online' && !offlineUser) return null;
  const state = connection === 'online' ? 'offlineUser' : connection;
  return (
    <div className="connection-line" role="status" data-testid="connection-line" data-state={state}>
      <span>{t(`connection.${state}`)}</span>
      {offlineUser && (
        <Link to={localizedPath(lang, '/login')} className="btn btn-sm btn-warning">
          {t('connection.signIn')}
        </Link>
      )}
    </div>
  );
}
