import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endImpersonation, useImpersonation } from '../session.ts';

/**
 * While an administrator views the product as another user: who they are viewing as, on every page, and the way
 * back to their own session (which ends the other one on the server).
 */
export default function ImpersonationBanner({ adminPath }: { adminPath: string }) {
  const { t } = useTranslation('auth');
  const viewing = useImpersonation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!viewing) return null;
  const back = async () => {
    setBusy(true);
    await endImpersonation();
    setBusy(false);
    void navigate(adminPath);
  };
  return (
    <div
      className="impersonation-banner alert alert-warning rounded-0 mb-0 py-2 d-flex flex-wrap align-items-center justify-content-center gap-2 small"
      role="status"
    >
      <span>
        {t('impersonation.banner', { name: viewing.name ? `${viewing.name} (${viewing.email})` : viewing.email })}
      </span>
      <span className="fw-semibold">{t('impersonation.readOnly')}</span>
      <button type="button" className="btn btn-sm btn-dark" onClick={back} disabled={busy}>
        {t('impersonation.back')}
      </button>
    </div>
  );
}
