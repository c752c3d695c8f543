import { ACCOUNT_GRACE_DAYS } from '@hunab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiRequestError, api } from '../../lib/api.ts';
import { languageOfPath, localizedPath, splitLanguage } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { signOut } from '../auth/session.ts';
import { DeletionSteps } from './DataRights.tsx';

type Outcome = { kind: 'success' | 'danger'; text: string } | null;

/**
 * The pages of the emailed links that work without signing in: /account/restore?token= (the deletion letter's link,
 * which opens the account again within the grace period; also where the reader lands just after deleting) and
 * /account/delete?token= (the confirmation of an account without a password).
 */
export default function AccountLinkPage() {
  const { t } = useTranslation('privacy');
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const restoring = splitLanguage(pathname).path === '/account/restore';
  const [params] = useSearchParams();
  const token = params.get('token');
  const justDeleted = params.get('deleted') === '1';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const title = justDeleted && !token ? 'link.deletedTitle' : restoring ? 'link.restoreTitle' : 'link.deleteTitle';
  usePageTitle(t(title));

  const act = async () => {
    if (!token) return;
    setBusy(true);
    try {
      if (restoring) {
        await api('/account/restore', { method: 'POST', body: { token }, auth: false });
        setOutcome({ kind: 'success', text: t('link.restored') });
      } else {
        await api('/account/delete/confirm', { method: 'POST', body: { token }, auth: false });
        await signOut({ tellServer: false });
        setOutcome({ kind: 'success', text: t('link.deleted', { days: ACCOUNT_GRACE_DAYS }) });
      }
    } catch (error) {
      const invalid = error instanceof ApiRequestError && error.code === 'INVALID_TOKEN';
      setOutcome({ kind: 'danger', text: invalid ? t('link.invalid') : t('failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="container py-4" style={{ maxWidth: 640 }} data-testid="account-link-page">
      <h1 className="h3 mb-3">{t(title)}</h1>
      {justDeleted && !token && (
        <div className="alert alert-success" role="status">
          {t('link.deleted', { days: ACCOUNT_GRACE_DAYS })}
        </div>
      )}
      {!token && !justDeleted && <p>{t('link.noToken')}</p>}
      {token && !outcome && (
        <>
          <p>{t(restoring ? 'link.restoreLead' : 'link.deleteLead', { days: ACCOUNT_GRACE_DAYS })}</p>
          {!restoring && <DeletionSteps days={ACCOUNT_GRACE_DAYS} />}
          <button
            type="button"
            className={`btn ${restoring ? 'btn-primary' : 'btn-danger'}`}
            onClick={act}
            disabled={busy}
            data-testid="account-link-action"
          >
            {t(restoring ? 'link.restore' : 'link.delete')}
          </button>
        </>
      )}
      {outcome && (
        <div className={`alert alert-${outcome.kind}`} role="status">
          {outcome.text}
        </div>
      )}
      {outcome?.kind === 'success' && restoring ? (
        <Link className="btn btn-outline-primary" to={localizedPath(lang, '/login')}>
          {t('link.signIn')}
        </Link>
      ) : null}
    </article>
  );
}
