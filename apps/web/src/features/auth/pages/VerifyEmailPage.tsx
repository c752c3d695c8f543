import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { resendVerification, verifyEmailOnce } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { ErrorAlert, NoticeAlert } from '../components/ErrorAlert.tsx';
import { describeAuthError, type ErrorView } from '../errors.ts';
import { useAuthPaths, useCooldown } from '../hooks.ts';
import { isUser } from '../responses.ts';
import { type SessionUser, sessionStore, updateSessionUser, useSession } from '../session.ts';

/** Seconds before the link can be asked for again. */
const RESEND_COOLDOWN_S = 60;

type Check = { status: 'checking' } | { status: 'verified' } | { status: 'failed'; error: ErrorView };

/** /verify-email?token=…: confirms the address from the emailed link, once. */
function TokenCheck({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const { to } = useAuthPaths();
  const session = useSession();
  const [check, setCheck] = useState<Check>({ status: 'checking' });

  useEffect(() => {
    let current = true;
    setCheck({ status: 'checking' });
    verifyEmailOnce(token).then(
      (result) => {
        if (!current) return;
        const user = result.user;
        const signedIn = sessionStore.get().user;
        if (isUser(user) && signedIn && String(signedIn.id) === String(user.id)) {
          updateSessionUser({ ...signedIn, ...(user as SessionUser) });
        }
        setCheck({ status: 'verified' });
      },
      (error: unknown) => {
        if (current) setCheck({ status: 'failed', error: describeAuthError(error, 'verify') });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  const signedIn = session.status === 'authenticated';
  const next = signedIn ? to('/dash') : to('/login');
  const nextLabel = signedIn ? t('verify.continueToDash') : t('verify.continueToLogin');

  if (check.status === 'checking') {
    return (
      <div className="auth-center" role="status">
        <span className="spinner-border spinner-border-sm auth-spinner" aria-hidden="true" />
        {t('verify.checking')}
      </div>
    );
  }
  if (check.status === 'verified') {
    return (
      <>
        <NoticeAlert testId="auth-success">{t('verify.success')}</NoticeAlert>
        <Link to={next} className="btn btn-primary btn-lg w-100">
          {nextLabel}
        </Link>
      </>
    );
  }
  return (
    <>
      <ErrorAlert view={check.error} heading={t('verify.failed')} />
      <Link to={next} className="btn btn-outline-primary w-100">
        {nextLabel}
      </Link>
    </>
  );
}

/** /verify-email?email=…: after registration, tells where the link went and can send it again. */
function SentNotice({ email, registered }: { email: string; registered: boolean }) {
  const { t } = useTranslation('auth');
  const { to } = useAuthPaths();
  const cooldown = useCooldown();
  const [sending, setSending] = useState(false);
  const [resent, setResent] = useState(false);
  const [error, setError] = useState<ErrorView | null>(null);

  async function onResend() {
    setSending(true);
    setError(null);
    try {
      await resendVerification(email);
      setResent(true);
      cooldown.start(RESEND_COOLDOWN_S);
    } catch (caught) {
      setError(describeAuthError(caught, 'resend'));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      {registered ? <NoticeAlert testId="auth-success">{t('verify.registered')}</NoticeAlert> : null}
      <p>{t('verify.sent', { email })}</p>
      <p className="text-body-secondary small">{t('verify.checkSpam')}</p>
      {resent ? (
        <NoticeAlert variant="info" onClose={() => setResent(false)}>
          {t('verify.resent', { email })}
        </NoticeAlert>
      ) : null}
      <ErrorAlert view={error} onClose={() => setError(null)} />
      <button
        type="button"
        className="btn btn-outline-primary w-100 mb-3"
        disabled={sending || cooldown.left > 0}
        onClick={onResend}
      >
        {sending ? <span className="spinner-border spinner-border-sm auth-spinner" aria-hidden="true" /> : null}
        {cooldown.left > 0 ? t('verify.resendIn', { count: cooldown.left }) : t('verify.resend')}
      </button>
      <Link to={to('/login')} state={{ email }} className="btn btn-link w-100">
        {t('common.goToLogin')}
      </Link>
    </>
  );
}

export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const { to } = useAuthPaths();
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const registered = (location.state as { registered?: unknown } | null)?.registered === true;

  return (
    <AuthCard title={t('verify.title')}>
      {token ? (
        <TokenCheck token={token} />
      ) : email ? (
        <SentNotice email={email} registered={registered} />
      ) : (
        <>
          <p>{t('verify.noToken')}</p>
          <Link to={to('/login')} className="btn btn-primary w-100">
            {t('common.goToLogin')}
          </Link>
        </>
      )}
    </AuthCard>
  );
}
