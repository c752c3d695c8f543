import { isValidDateText } from '@hunab/calendar';
import { PASSWORD_MIN_LENGTH } from '@hunab/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError, api } from '../../lib/api.ts';
import { type Language, localizedPath } from '../../lib/languages.ts';
import { type SessionUser, signIn, useSession } from '../auth/session.ts';

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

type State =
  | 'idle'
  | 'sending'
  | 'sent'
  | 'registered'
  | 'already'
  | 'invalid'
  | 'invalidPassword'
  | 'invalidBirthDate'
  | 'exists'
  | 'error'
  | 'checkFailed'
  | 'checkNetwork';

interface SubscribeReply {
  success?: unknown;
  token?: string | null;
  user?: SessionUser | null;
}

const todayText = () => new Date().toISOString().slice(0, 10);

/**
 * Whether the address is already on the list (POST /subscriptions/check). A failure is the spec's "Failed to check
 * subscription", or "Network error while checking subscription" when no answer came.
 */
async function checkSubscribed(email: string): Promise<'already' | 'new' | 'checkFailed' | 'checkNetwork'> {
  try {
    const reply = await api<{ success?: unknown; subscribed?: unknown }>('/subscriptions/check', {
      body: { email, interest: '13secrets' },
    });
    if (reply?.success !== true) return 'checkFailed';
    return reply.subscribed === true ? 'already' : 'new';
  } catch (error) {
    return error instanceof ApiRequestError && error.status === 0 ? 'checkNetwork' : 'checkFailed';
  }
}

/**
 * The 13 secrets mailing list: an address in, a confirmation email out (double opt-in, so nothing else is sent until
 * the address is confirmed). The address is checked first, so a reader already on the list is told so; a visitor may
 * also create the account in the same step, and is then signed in as after a sign-in (spec 001 section 7).
 */
export function MailingForm({ lang, compact, anchor }: { lang: Language; compact?: boolean; anchor?: string }) {
  const { t } = useTranslation('landing');
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const [email, setEmail] = useState('');
  const [register, setRegister] = useState(false);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [state, setState] = useState<State>('idle');
  const id = useId();
  const registering = register && !signedIn;

  function problem(): State | null {
    if (!EMAIL.test(email.trim())) return 'invalid';
    if (!registering) return null;
    if (password.length < PASSWORD_MIN_LENGTH) return 'invalidPassword';
    if (!isValidDateText(birthDate) || birthDate > todayText()) return 'invalidBirthDate';
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = problem();
    if (invalid) {
      setState(invalid);
      return;
    }
    setState('sending');
    const address = email.trim();
    const known = await checkSubscribed(address);
    if (known !== 'new') {
      setState(known);
      return;
    }
    try {
      const reply = await api<SubscribeReply>('/subscriptions/subscribe', {
        body: {
          email: address,
          interest: '13secrets',
          lang,
          ...(registering ? { register: true, password, birth_date: birthDate, name: name.trim() || undefined } : {}),
        },
        auth: false,
      });
      if (registering && reply?.token && reply.user) {
        await signIn(reply.token, reply.user);
        setState('registered');
        return;
      }
      setState('sent');
    } catch (error) {
      setState(error instanceof ApiRequestError && error.status === 409 ? 'exists' : 'error');
    }
  }

  if (state === 'sent' || state === 'registered' || state === 'already') {
    return (
      <p className="alert alert-success landing-form-done" role="status" data-testid={`mailing-${state}`}>
        {t(`common.mailing.${state}`)}
      </p>
    );
  }
  const errorKey =
    state === 'invalid' ||
    state === 'invalidPassword' ||
    state === 'invalidBirthDate' ||
    state === 'error' ||
    state === 'checkFailed' ||
    state === 'checkNetwork'
      ? `common.mailing.${state}`
      : null;
  return (
    <form className={`landing-form${compact ? ' landing-form-compact' : ''}`} id={anchor} onSubmit={submit} noValidate>
      <label className="visually-hidden" htmlFor={id}>
        {t('common.mailing.email')}
      </label>
      <div className="landing-form-row">
        <input
          id={id}
          className={`form-control form-control-lg${state === 'invalid' ? ' is-invalid' : ''}`}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('common.mailing.email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-describedby={`${id}-note`}
          required
        />
        <button className="btn btn-primary btn-lg" type="submit" disabled={state === 'sending'}>
          {state === 'sending' ? t('common.mailing.sending') : t('common.mailing.submit')}
        </button>
      </div>
      {!signedIn && !compact && (
        <div className="form-check mt-2">
          <input
            className="form-check-input"
            type="checkbox"
            id={`${id}-register`}
            checked={register}
            onChange={(event) => setRegister(event.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${id}-register`}>
            {t('common.mailing.register')}
          </label>
        </div>
      )}
      {registering && (
        <div className="landing-form-account" data-testid="mailing-account">
          <label className="form-label" htmlFor={`${id}-name`}>
            {t('common.mailing.name')}
          </label>
          <input
            id={`${id}-name`}
            className="form-control"
            autoComplete="given-name"
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <label className="form-label" htmlFor={`${id}-password`}>
            {t('common.mailing.password', { min: PASSWORD_MIN_LENGTH })}
          </label>
          <input
            id={`${id}-password`}
            className={`form-control${state === 'invalidPassword' ? ' is-invalid' : ''}`}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <label className="form-label" htmlFor={`${id}-birth`}>
            {t('common.mailing.birthDate')}
          </label>
          <input
            id={`${id}-birth`}
            className={`form-control${state === 'invalidBirthDate' ? ' is-invalid' : ''}`}
            type="date"
            max={todayText()}
            value={birthDate}
            onChange={(event) => setBirthDate(event.target.value)}
          />
        </div>
      )}
      {errorKey && (
        <p className="text-danger small mt-2 mb-0" role="alert" data-testid="mailing-error" data-state={state}>
          {t(errorKey, { min: PASSWORD_MIN_LENGTH })}
        </p>
      )}
      {state === 'exists' && (
        <p className="text-danger small mt-2 mb-0" role="alert" data-testid="mailing-exists">
          {t('common.mailing.exists')} <Link to={localizedPath(lang, '/login')}>{t('common.mailing.signIn')}</Link>
        </p>
      )}
      <p className="small text-body-secondary mt-2 mb-0" id={`${id}-note`}>
        {t('common.mailing.consent')}
      </p>
    </form>
  );
}
