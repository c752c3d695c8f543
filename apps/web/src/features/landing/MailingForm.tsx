import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, api } from '../../lib/api.ts';
import type { Language } from '../../lib/languages.ts';

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

type State = 'idle' | 'sending' | 'sent' | 'invalid' | 'error' | 'subscribed' | 'checkFailed' | 'checkNetwork';

/**
 * Whether the address is already on the list (POST /subscriptions/check). A failure is the spec's "Failed to check
 * subscription", or "Network error while checking subscription" when no answer came.
 */
async function checkSubscribed(email: string): Promise<'subscribed' | 'new' | 'checkFailed' | 'checkNetwork'> {
  try {
    const reply = await api<{ success?: unknown; subscribed?: unknown }>('/subscriptions/check', {
      body: { email, interest: '13secrets' },
      auth: false,
    });
    if (reply?.success !== true) return 'checkFailed';
    return reply.subscribed === true ? 'subscribed' : 'new';
  } catch (error) {
    return error instanceof ApiRequestError && error.status === 0 ? 'checkNetwork' : 'checkFailed';
  }
}

/**
 * The 13 secrets mailing list: an address in, a confirmation email out (double opt-in, so nothing else is sent until
 * the address is confirmed).
 */
export function MailingForm({ lang, compact, anchor }: { lang: Language; compact?: boolean; anchor?: string }) {
  const { t } = useTranslation('landing');
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>('idle');
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setState('invalid');
      return;
    }
    setState('sending');
    const known = await checkSubscribed(email.trim());
    if (known !== 'new') {
      setState(known);
      return;
    }
    try {
      await api('/subscriptions/subscribe', {
        body: { email: email.trim(), interest: '13secrets', lang },
        auth: false,
      });
      setState('sent');
    } catch {
      setState('error');
    }
  }

  if (state === 'sent' || state === 'subscribed') {
    return (
      <p className="alert alert-success landing-form-done" role="status" data-testid="mailing-sent">
        {t(state === 'sent' ? 'common.mailing.sent' : 'common.mailing.alreadySubscribed')}
      </p>
    );
  }
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
      {(state === 'invalid' || state === 'error' || state === 'checkFailed' || state === 'checkNetwork') && (
        <p className="text-danger small mt-2 mb-0" role="alert" data-testid="mailing-error" data-state={state}>
          {t(`common.mailing.${state}`)}
        </p>
      )}
      <p className="small text-body-secondary mt-2 mb-0" id={`${id}-note`}>
        {t('common.mailing.consent')}
      </p>
    </form>
  );
}
