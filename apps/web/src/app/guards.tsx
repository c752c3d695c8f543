import { hasGameAccess } from '@hunab/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { SignInLink } from '../components/SignInLink.tsx';
import { useAccess } from '../features/access/useAccess.ts';
import { useSession } from '../features/auth/session.ts';
import { GameClosed } from '../features/game/GameClosed.tsx';
import { languageOfPath, localizedPath } from '../lib/languages.ts';
import type { RouteEntry } from '../lib/route-table.ts';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      {t('app.loading')}
    </div>
  );
}

function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <section className="guard-card text-center" aria-labelledby="guard-title">
      <h1 id="guard-title" className="h4">
        {t('guards.signInTitle')}
      </h1>
      <p className="text-body-secondary">{t('guards.signInText')}</p>
      <SignInLink>{t('header.login')}</SignInLink>
    </section>
  );
}

function Refusal({ message }: { message: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  return (
    <section className="guard-card text-center" role="alert">
      <p className="lead">{message}</p>
      {user && (
        <p className="text-body-secondary small" data-testid="guard-email">
          {user.email}
        </p>
      )}
      <button type="button" className="btn btn-outline-secondary" onClick={() => navigate(-1)}>
        {t('guards.back')}
      </button>
    </section>
  );
}

/** The game opens to subscribers and administrators (the same rule as the server's). */
function GameGate({ children }: { children: ReactNode }) {
  const access = useAccess();
  if (access.loading) return <PageSpinner />;
  if (!hasGameAccess(access)) return <GameClosed />;
  return children;
}

/** Login, admin and game guards of the route table (spec 000 sections 2.3 and 5). */
export function RouteGuard({ entry, children }: { entry: RouteEntry; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const lang = languageOfPath(location.pathname);
  const guarded = entry.requiresLogin || entry.adminOnly || entry.gameAccess;
  if (!guarded) return children;
  if (session.status === 'restoring') return <PageSpinner />;
  if (session.status === 'anonymous') {
    if (entry.openToGuests) return children;
    if (entry.adminOnly) return <SignInPrompt />;
    return (
      <Navigate to={localizedPath(lang, '/login')} replace state={{ from: location.pathname + location.search }} />
    );
  }
  if (entry.adminOnly && !session.user?.is_admin) return <Refusal message={t('guards.notAdmin')} />;
  if (entry.gameAccess) return <GameGate>{children}</GameGate>;
  return children;
}
