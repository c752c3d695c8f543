import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { CheckField, FormField } from '../../../components/FormField.tsx';
import { rememberAfterOnboarding } from '../../../lib/after-onboarding.ts';
import { detectInterest, INTEREST_STORAGE_KEY, type Interest, interestRecord } from '../../../lib/interest.ts';
import { registrationSource } from '../../../lib/platform.ts';
import { LOCAL_KEYS, local } from '../../../lib/storage.ts';
import { register } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { ErrorAlert, NoticeAlert } from '../components/ErrorAlert.tsx';
import { EmailField, focusFirstInvalid, NewPasswordFields, SubmitButton } from '../components/FormField.tsx';
import { describeAuthError, type ErrorView } from '../errors.ts';
import { useAuthPaths, useCheckedForm } from '../hooks.ts';
import { registrationReturn } from '../return-url.ts';
import { readGuestBirthDate, signIn } from '../session.ts';
import {
  BIRTH_DATE_MIN,
  localToday,
  NAME_MAX_LENGTH,
  type RegistrationValues,
  validateRegistration,
} from '../validation.ts';

const FIELD_IDS: Record<keyof RegistrationValues, string> = {
  email: 'register-email',
  password: 'register-password',
  passwordConfirm: 'register-password-confirm',
  name: 'register-name',
  birthDate: 'register-birth-date',
};
const CONSENT_ID = 'register-consent';
const FIELD_ORDER: (keyof RegistrationValues)[] = ['email', 'password', 'passwordConfirm', 'name', 'birthDate'];

/**
 * Reads the interest once per visit and keeps it in local storage for the next hour (spec 001 section 4). Read in the
 * browser after the first render, so the page renders on the server as it does in the browser; what the form sends is
 * read at submit.
 */
function useInterest(): { readonly current: Interest } {
  const location = useLocation();
  const interest = useRef<Interest>('general');
  const read = useRef(false);
  useEffect(() => {
    if (read.current) return;
    read.current = true;
    const detected = detectInterest({
      navigationState: location.state,
      historyState: window.history.state,
      search: location.search,
      pageAttribute: document.documentElement.dataset.interest,
      stored: local.get(INTEREST_STORAGE_KEY),
      now: Date.now(),
    });
    // A record read from storage keeps its own time, so it still runs out an hour after it was made.
    if (detected.source !== 'storage') {
      local.setJson(INTEREST_STORAGE_KEY, interestRecord(detected.interest, detected.source, Date.now()));
    }
    interest.current = detected.interest;
  }, [location.state, location.search]);
  return interest;
}

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { lang, to } = useAuthPaths();
  const navigate = useNavigate();
  const location = useLocation();
  const interest = useInterest();
  const today = useMemo(() => localToday(), []);

  const form = useCheckedForm<RegistrationValues>(
    () => ({
      email: '',
      password: '',
      passwordConfirm: '',
      name: '',
      birthDate: readGuestBirthDate()?.birthDate ?? '',
    }),
    (values) => validateRegistration(values, today),
  );
  const { values, set, touch } = form;
  // Consent is the reader's own tick: the box starts empty, as checkout's terms box does.
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<ErrorView | null>(null);
  const [emailTaken, setEmailTaken] = useState<string | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  // Said as a warning once the reader tried to register without the tick, as the fields' errors are.
  const consentMissing = !consent && form.submitted;

  const emailText =
    form.errorText('email') ??
    (emailTaken !== null && emailTaken === values.email.trim() ? t('errors.register.emailExists') : null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || done) return;
    form.markSubmitted();
    const invalid = FIELD_ORDER.filter((field) => form.errors[field]);
    if (invalid.length > 0 || !consent) {
      focusFirstInvalid([...invalid.map((field) => FIELD_IDS[field]), ...(consent ? [] : [CONSENT_ID])]);
      return;
    }

    setBusy(true);
    setError(null);
    const email = values.email.trim();
    const name = values.name.trim();
    try {
      const outcome = await register({
        email,
        password: values.password,
        ...(name ? { username: name } : {}),
        registration_source: registrationSource(),
        interest: interest.current,
        lang,
        birth_date: values.birthDate,
        accept_terms: true,
      });
      setDone(true);
      if (outcome.kind === 'verifyEmail') {
        navigate(`${to('/verify-email')}?email=${encodeURIComponent(email)}`, {
          replace: true,
          state: { registered: true },
        });
        return;
      }
      // Onboarding ends where the reader was going (the checkout, the product, the shared page), else on the welcome.
      rememberAfterOnboarding(
        registrationReturn((location.state as { from?: unknown } | null)?.from, local.get(LOCAL_KEYS.returnUrl)),
      );
      void signIn(outcome.token, outcome.user);
      redirectTimer.current = window.setTimeout(
        // A new account goes through onboarding, which ends on the dashboard's welcome (spec 001 section 4).
        () => navigate(to('/onboarding'), { replace: true }),
        100,
      );
    } catch (caught) {
      const view = describeAuthError(caught, 'register');
      setError(view);
      if (view.kind === 'emailExists') {
        setEmailTaken(email);
        focusFirstInvalid([FIELD_IDS.email]);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('register.title')}
      intro={t('register.intro')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to={to('/login')} className="auth-link">
            {t('register.login')}
          </Link>
        </>
      }
    >
      {done ? <NoticeAlert testId="auth-success">{t('register.success')}</NoticeAlert> : null}
      <ErrorAlert view={error} onClose={() => setError(null)}>
        {error?.kind === 'emailExists' ? (
          <p className="mb-0 mt-2 small">
            <Link to={to('/login')} state={{ email: values.email.trim() }} className="alert-link">
              {t('register.signInInstead')}
            </Link>{' '}
            ·{' '}
            <Link to={to('/forgot-password')} state={{ email: values.email.trim() }} className="alert-link">
              {t('login.forgotPassword')}
            </Link>
          </p>
        ) : null}
      </ErrorAlert>

      <form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <EmailField
          id={FIELD_IDS.email}
          value={values.email}
          onValueChange={set('email')}
          onBlur={touch('email')}
          error={emailText}
        />
        <NewPasswordFields form={form} ids={FIELD_IDS} label={t('fields.password')} />
        <FormField
          id={FIELD_IDS.name}
          label={
            <>
              {t('fields.name')} <span className="text-body-secondary small">({t('common.optional')})</span>
            </>
          }
          type="text"
          name="name"
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          value={values.name}
          onValueChange={set('name')}
          onBlur={touch('name')}
          error={form.errorText('name')}
          hint={
            // At the limit the field says so, with the words and number a longer name would be refused with.
            values.name.length >= NAME_MAX_LENGTH
              ? t('validation.nameTooLong', { count: NAME_MAX_LENGTH })
              : t('register.nameHint')
          }
        />
        <FormField
          id={FIELD_IDS.birthDate}
          label={t('fields.birthDate')}
          type="date"
          name="bday"
          autoComplete="bday"
          min={BIRTH_DATE_MIN}
          max={today}
          required
          value={values.birthDate}
          onValueChange={set('birthDate')}
          onBlur={touch('birthDate')}
          error={form.errorText('birthDate')}
          hint={t('register.birthDateHint')}
        />

        <CheckField
          id={CONSENT_ID}
          className="auth-check mb-3"
          checked={consent}
          onCheckedChange={setConsent}
          aria-invalid={consentMissing || undefined}
          aria-describedby={consent ? undefined : 'register-consent-hint'}
          label={
            <Trans
              t={t}
              i18nKey="register.consent"
              components={{
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated words inside
                terms: <a href={to('/legal/terms')} target="_blank" rel="noopener" className="auth-link" />,
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated words inside
                privacy: <a href={to('/legal/privacy')} target="_blank" rel="noopener" className="auth-link" />,
              }}
            />
          }
        >
          {consent ? null : (
            <div
              id="register-consent-hint"
              className={`form-text${consentMissing ? ' text-warning-emphasis' : ''}`}
              data-testid="register-consent-hint"
            >
              {t('register.consentRequired')}
            </div>
          )}
        </CheckField>

        <SubmitButton busy={busy} busyLabel={t('register.submitting')} disabled={done}>
          {t('register.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
