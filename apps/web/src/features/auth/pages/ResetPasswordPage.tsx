import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { confirmPasswordReset } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { ErrorAlert, NoticeAlert } from '../components/ErrorAlert.tsx';
import { focusFirstInvalid, NewPasswordFields, SubmitButton } from '../components/FormField.tsx';
import { describeAuthError, type ErrorView } from '../errors.ts';
import { useAuthPaths, useCheckedForm } from '../hooks.ts';
import { signIn } from '../session.ts';
import { type NewPasswordValues, validateNewPassword } from '../validation.ts';

const FIELD_IDS: Record<keyof NewPasswordValues, string> = {
  password: 'reset-password',
  passwordConfirm: 'reset-password-confirm',
};

/** /reset-password?token=…: sets a new password from the emailed link, then signs in. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { to } = useAuthPaths();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  const form = useCheckedForm<NewPasswordValues>(() => ({ password: '', passwordConfirm: '' }), validateNewPassword);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<ErrorView | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const requestLink = (
    <Link to={to('/forgot-password')} className="btn btn-primary w-100">
      {t('reset.requestLink')}
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title={t('reset.title')}>
        <p>{t('reset.noToken')}</p>
        {requestLink}
      </AuthCard>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || done) return;
    form.markSubmitted();
    const problems = form.errors;
    if (problems.password || problems.passwordConfirm) {
      focusFirstInvalid([
        problems.password && FIELD_IDS.password,
        problems.passwordConfirm && FIELD_IDS.passwordConfirm,
      ]);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { token: session, user } = await confirmPasswordReset(token, form.values.password);
      setDone(true);
      void signIn(session, user);
      redirectTimer.current = window.setTimeout(() => navigate(to('/dash'), { replace: true }), 100);
    } catch (caught) {
      setError(describeAuthError(caught, 'reset'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('reset.title')} intro={t('reset.intro')}>
      {done ? <NoticeAlert testId="auth-success">{t('reset.success')}</NoticeAlert> : null}
      <ErrorAlert view={error} onClose={() => setError(null)}>
        {error?.kind === 'invalidToken' ? (
          <p className="mb-0 mt-2">
            <Link to={to('/forgot-password')} className="alert-link">
              {t('reset.requestLink')}
            </Link>
          </p>
        ) : null}
      </ErrorAlert>
      <form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <NewPasswordFields form={form} ids={FIELD_IDS} label={t('fields.newPassword')} />
        <SubmitButton busy={busy} busyLabel={t('reset.submitting')} disabled={done}>
          {t('reset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
