import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { requestPasswordReset } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { ErrorAlert, NoticeAlert } from '../components/ErrorAlert.tsx';
import { EmailField, focusFirstInvalid, SubmitButton } from '../components/FormField.tsx';
import { describeAuthError, type ErrorView } from '../errors.ts';
import { useAuthPaths } from '../hooks.ts';
import { emailError } from '../validation.ts';

/** /forgot-password: asks for a reset link. The answer is the same whether or not the account exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { to } = useAuthPaths();
  const location = useLocation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => {
    const fromState = (location.state as { email?: unknown } | null)?.email;
    return typeof fromState === 'string' ? fromState : (params.get('email') ?? '');
  });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);

  const problem = submitted ? emailError(email) : null;
  const problemText = problem ? t(problem.key, problem.values) : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (emailError(email)) {
      focusFirstInvalid(['forgot-email']);
      return;
    }
    setBusy(true);
    setError(null);
    const address = email.trim();
    try {
      await requestPasswordReset(address);
      setSentTo(address);
    } catch (caught) {
      setError(describeAuthError(caught, 'forgot'));
    } finally {
      setBusy(false);
    }
  }

  const footer = (
    <>
      {t('forgot.remembered')}{' '}
      <Link to={to('/login')} className="auth-link">
        {t('forgot.login')}
      </Link>
    </>
  );

  if (sentTo !== null) {
    return (
      <AuthCard title={t('forgot.title')} footer={footer}>
        <NoticeAlert testId="auth-success">
          <p className="mb-1">{t('forgot.sent', { email: sentTo })}</p>
          <p className="mb-0 small">{t('forgot.checkSpam')}</p>
        </NoticeAlert>
        <button
          type="button"
          className="btn btn-outline-secondary w-100"
          onClick={() => {
            setSentTo(null);
            setSubmitted(false);
          }}
        >
          {t('forgot.again')}
        </button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} intro={t('forgot.intro')} footer={footer}>
      <ErrorAlert view={error} onClose={() => setError(null)} />
      <form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <EmailField id="forgot-email" value={email} onValueChange={setEmail} error={problemText} />
        <SubmitButton busy={busy} busyLabel={t('forgot.submitting')}>
          {t('forgot.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
