import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LOCAL_KEYS, local } from '../../../lib/storage.ts';
import { login, resendVerification } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { ErrorAlert, NoticeAlert } from '../components/ErrorAlert.tsx';
import { EmailField, focusFirstInvalid, PasswordField, SubmitButton } from '../components/FormField.tsx';
import { describeAuthError, type ErrorView } from '../errors.ts';
import { useAuthPaths, useBackNavigationGuard } from '../hooks.ts';
import { type FieldError, requiredEmailError, requiredPasswordError } from '../required.ts';
import { safeReturnPath } from '../return-url.ts';
import { signIn } from '../session.ts';

/** Spec 001 sections 4, 8 and 9: redirect 100 ms after success; Back held for 10 s after a refusal. */
const REDIRECT_DELAY_MS = 100;
const BACK_GUARD_MS = 10_000;
/** Above this many refused attempts a "Reset password" button shows; above CLEAR_AFTER the form starts over. */
const SUGGEST_RESET_AFTER = 5;
const CLEAR_AFTER = 10;

type ResendState = 'idle' | 'sending' | 'sent' | 'failed';

function stateEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { to } = useAuthPaths();
  const navigate = useNavigate();
  const location = useLocation();
  const guard = useBackNavigationGuard();

  const [email, setEmail] = useState(() => stateEmail(location.state));
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  const [error, setError] = useState<ErrorView | null>(null);
  const [failedAttempts, setFailedAttempts] = useState(0);
  const [resend, setResend] = useState<ResendState>('idle');
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const emailProblem = submitted ? requiredEmailError(email) : null;
  const passwordProblem = submitted ? requiredPasswordError(password) : null;
  const text = (problem: FieldError | null) => (problem ? t(problem.key, problem.values) : null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || signedIn) return;
    setSubmitted(true);
    const missingEmail = requiredEmailError(email);
    const missingPassword = requiredPasswordError(password);
    if (missingEmail || missingPassword) {
      focusFirstInvalid([missingEmail && 'login-email', missingPassword && 'login-password']);
      return;
    }

    setBusy(true);
    setError(null);
    setResend('idle');
    try {
      const { token, user } = await login(email.trim(), password);
      guard.disarm();
      setSignedIn(true);
      void signIn(token, user);
      // Where a guarded page sent the user from, else the saved return URL, else the dashboard.
      const from = (location.state as { from?: unknown } | null)?.from;
      const target =
        safeReturnPath(typeof from === 'string' ? from : null) ??
        safeReturnPath(local.get(LOCAL_KEYS.returnUrl)) ??
        to('/dash');
      local.remove(LOCAL_KEYS.returnUrl);
      redirectTimer.current = window.setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    } catch (caught) {
      const view = describeAuthError(caught, 'login');
      setError(view);
      if (view.kind === 'unauthorized') guard.arm(BACK_GUARD_MS);
      if (view.kind === 'unauthorized' || view.kind === 'tooManyAttempts') {
        const attempts = failedAttempts + 1;
        if (attempts > CLEAR_AFTER) {
          setEmail('');
          setPassword('');
          setSubmitted(false);
          setFailedAttempts(0);
        } else {
          setFailedAttempts(attempts);
        }
      }
    } finally {
      setBusy(false);
    }
  }

  async function onResend() {
    setResend('sending');
    try {
      await resendVerification(email.trim());
      setResend('sent');
    } catch {
      setResend('failed');
    }
  }

  return (
    <AuthCard
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to={to('/register')} className="auth-link">
            {t('login.register')}
          </Link>
        </>
      }
    >
      {signedIn ? <NoticeAlert testId="auth-success">{t('login.success')}</NoticeAlert> : null}
      <ErrorAlert view={error} onClose={() => setError(null)}>
        {error?.kind === 'emailNotVerified' ? (
          <div className="mt-2">
            {resend === 'sent' ? (
              <p className="mb-0 small">{t('login.resent', { email: email.trim() })}</p>
            ) : (
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                disabled={resend === 'sending'}
                onClick={onResend}
              >
                {resend === 'sending' ? (
                  <span className="spinner-border spinner-border-sm auth-spinner" aria-hidden="true" />
                ) : null}
                {t('login.resend')}
              </button>
            )}
            {resend === 'failed' ? <p className="mb-0 mt-1 small">{t('errors.resend.failed')}</p> : null}
          </div>
        ) : null}
      </ErrorAlert>

      {failedAttempts > SUGGEST_RESET_AFTER ? (
        <div className="auth-suggestion" data-testid="reset-suggestion">
          <p className="mb-2 small">{t('login.resetSuggestion')}</p>
          <Link to={to('/forgot-password')} state={{ email: email.trim() }} className="btn btn-outline-warning w-100">
            {t('login.resetPassword')}
          </Link>
        </div>
      ) : null}

      <form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <EmailField
          id="login-email"
          autoComplete="username"
          value={email}
          onValueChange={setEmail}
          error={text(emailProblem)}
        />
        <PasswordField
          id="login-password"
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
          error={text(passwordProblem)}
        />
        <p className="auth-end mb-3">
          <Link to={to('/forgot-password')} state={{ email: email.trim() }} className="auth-link small">
            {t('login.forgotPassword')}
          </Link>
        </p>
        <SubmitButton busy={busy} busyLabel={t('login.submitting')} disabled={signedIn}>
          {t('login.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
