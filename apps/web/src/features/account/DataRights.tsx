import type { PrivacyStatus } from '@hunab/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiRequestError, api, apiUrl } from '../../lib/api.ts';
import { saveResponse } from '../../lib/download.ts';
import { languageOfPath, localizedPath } from '../../lib/languages.ts';
import { LOCAL_KEYS, local } from '../../lib/storage.ts';
import { signOut } from '../auth/session.ts';

const STATUS_KEY = ['account', 'privacy'];
type Message = { kind: 'success' | 'danger' | 'info'; text: string } | null;

/** What deleting the account does, in the order it happens; shown before the reader confirms. */
export const DELETION_STEPS = ['closed', 'links', 'renewal', 'erase', 'comments', 'accounting', 'restore'] as const;

function usePrivacyStatus() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => api<{ data: PrivacyStatus }>('/account/privacy').then((reply) => reply.data),
  });
}

/** Saves the archive of an emailed link: fetched with the session's token, so only its owner gets it. */
async function saveArchive(token: string): Promise<void> {
  const bearer = local.get(LOCAL_KEYS.authToken);
  // A POST: the download uses the link up.
  const response = await fetch(apiUrl(`/account/export/${encodeURIComponent(token)}`), {
    method: 'POST',
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
  if (!response.ok) throw new ApiRequestError(response.status, 'INVALID_TOKEN', 'invalid');
  await saveResponse(response, 'hunab-data.zip');
}

/** "Download my data": ask for an archive (one a day); the emailed link brings the reader back here to save it. */
function DataExport() {
  const { t, i18n } = useTranslation('privacy');
  const [params, setParams] = useSearchParams();
  const exportToken = params.get('export');
  const status = usePrivacyStatus();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const section = useRef<HTMLElement>(null);
  // The emailed link lands here: the archive's button is at the foot of the page, so bring it into view.
  useEffect(() => {
    if (exportToken) section.current?.scrollIntoView({ block: 'center' });
  }, [exportToken]);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const request = async () => {
    setBusy(true);
    try {
      await api('/account/export', { method: 'POST', body: {} });
      setMessage({ kind: 'success', text: t('data.preparing') });
    } catch (error) {
      const limited = error instanceof ApiRequestError && error.code === 'EXPORT_LIMIT_REACHED';
      setMessage({ kind: 'danger', text: limited ? t('data.onceADay') : t('failed') });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    }
  };
  const download = async () => {
    if (!exportToken) return;
    setBusy(true);
    try {
      await saveArchive(exportToken);
      setMessage({ kind: 'success', text: t('data.downloaded') });
    } catch {
      setMessage({ kind: 'danger', text: t('data.linkInvalid') });
    } finally {
      setBusy(false);
      setParams({}, { replace: true });
      await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    }
  };
  const last = status.data?.export;
  const waiting = last && Date.parse(last.next_allowed_at) > Date.now();

  return (
    <section ref={section} className="settings-card" data-testid="data-export" aria-labelledby="data-export-title">
      <h2 className="h6" id="data-export-title">
        {t('data.title')}
      </h2>
      <p className="small text-body-secondary">{t('data.lead')}</p>
      {exportToken ? (
        <div className="alert alert-info d-flex flex-wrap align-items-center gap-2 py-2">
          <span className="me-auto">{t('data.ready')}</span>
          <button type="button" className="btn btn-primary btn-sm" onClick={download} disabled={busy}>
            {t('data.download')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={request}
          disabled={busy || Boolean(waiting)}
          data-testid="data-export-request"
        >
          {t('data.request')}
        </button>
      )}
      {last && !exportToken && (
        <p className="small text-body-secondary mt-2 mb-0">
          {t(`data.status.${last.status}`, { date: date(last.requested_at) })}
          {waiting && ` ${t('data.nextAt', { date: date(last.next_allowed_at) })}`}
        </p>
      )}
      {message && (
        <p className={`small mt-2 mb-0 text-${message.kind}`} role="status">
          {message.text}
        </p>
      )}
    </section>
  );
}

/** The list of what deleting the account does; the deletion form and the confirmation page show it alike. */
export function DeletionSteps({ days }: { days: number }) {
  const { t } = useTranslation('privacy');
  return (
    <ul className="small mb-3 ps-3" data-testid="deletion-steps">
      {DELETION_STEPS.map((step) => (
        <li key={step} className="mb-1">
          {t(`delete.steps.${step}`, { days })}
        </li>
      ))}
    </ul>
  );
}

/** "Delete account": the list of what happens, the reader's password (or a confirmation letter), and the choice. */
function DeleteAccount() {
  const { t } = useTranslation('privacy');
  const navigate = useNavigate();
  const lang = languageOfPath(useLocation().pathname);
  const status = usePrivacyStatus();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [removeComments, setRemoveComments] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const passwordId = useId();
  const commentsId = useId();
  const days = status.data?.grace_days ?? 30;
  const hasPassword = status.data?.has_password ?? true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const reply = await api<{ data: { status: 'closed' | 'confirmation_sent' } }>('/account/delete', {
        method: 'POST',
        body: hasPassword ? { password, remove_comments: removeComments } : { remove_comments: removeComments },
      });
      if (reply.data.status === 'confirmation_sent') {
        setMessage({ kind: 'info', text: t('delete.letterSent') });
        return;
      }
      await signOut({ tellServer: false });
      navigate(`${localizedPath(lang, '/account/restore')}?deleted=1`, { replace: true });
    } catch (error) {
      const wrong = error instanceof ApiRequestError && error.code === 'INVALID_PASSWORD';
      setMessage({ kind: 'danger', text: wrong ? t('delete.wrongPassword') : t('failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-card border-danger-subtle" data-testid="delete-account" aria-labelledby="delete-title">
      <h2 className="h6 text-danger" id="delete-title">
        {t('delete.title')}
      </h2>
      {!open ? (
        <>
          <p className="small text-body-secondary">{t('delete.short', { days })}</p>
          <button type="button" className="btn btn-outline-danger" onClick={() => setOpen(true)}>
            {t('delete.open')}
          </button>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="small mb-2">{t('delete.lead')}</p>
          <DeletionSteps days={days} />
          <div className="form-check mb-3">
            <input
              id={commentsId}
              type="checkbox"
              className="form-check-input"
              checked={removeComments}
              onChange={(event) => setRemoveComments(event.target.checked)}
            />
            <label className="form-check-label small" htmlFor={commentsId}>
              {t('delete.removeComments')}
            </label>
          </div>
          {hasPassword ? (
            <div className="mb-3">
              <label className="form-label small" htmlFor={passwordId}>
                {t('delete.password')}
              </label>
              <input
                id={passwordId}
                type="password"
                autoComplete="current-password"
                className="form-control"
                value={password}
                required
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
          ) : (
            <p className="small text-body-secondary">{t('delete.noPassword')}</p>
          )}
          <div className="d-flex flex-wrap gap-2">
            <button
              type="submit"
              className="btn btn-danger"
              disabled={busy || (hasPassword && password.length === 0)}
              data-testid="delete-confirm"
            >
              {t('delete.confirm')}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setOpen(false)}>
              {t('delete.cancel')}
            </button>
          </div>
        </form>
      )}
      {message && (
        <p className={`small mt-2 mb-0 text-${message.kind}`} role="status">
          {message.text}
        </p>
      )}
    </section>
  );
}

/** The reader's rights over their data on /account: a copy of everything, and the deletion of the account. */
export function DataRights() {
  return (
    <>
      <DataExport />
      <DeleteAccount />
    </>
  );
}
