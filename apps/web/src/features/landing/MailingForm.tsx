import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import type { Language } from '../../lib/languages.ts';

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

type State = 'idle' | 'sending' | 'sent' | 'invalid' | 'error';

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

  if (state === 'sent') {
    return (
      <p className="alert alert-success landing-form-done" role="status" data-testid="mailing-sent">
        {t('common.mailing.sent')}
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
      {(state === 'invalid' || state === 'error') && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {t(state === 'invalid' ? 'common.mailing.invalid' : 'common.mailing.error')}
        </p>
      )}
      <p className="small text-body-secondary mt-2 mb-0" id={`${id}-note`}>
        {t('common.mailing.consent')}
      </p>
    </form>
  );
}
