import { birthDateBodySchema, changeEmailBodySchema } from '@hunab/contracts';
import { type FormEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AccountLayout } from '../../components/AccountLayout.tsx';
import { CheckField } from '../../components/FormField.tsx';
import { ProgrammeCard } from '../../components/OwnedProgramme.tsx';
import { ApiRequestError, api } from '../../lib/api.ts';
import { changeLanguage } from '../../lib/language-change.ts';
import {
  LANGUAGES,
  type Language,
  languageOfPath,
  localizedPath,
  NATIVE_NAMES,
  splitLanguage,
} from '../../lib/languages.ts';
import { useOwnedProgrammes } from '../../lib/owned-programmes.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { setTheme, useTheme } from '../../lib/theme.ts';
import { type SessionUser, signOut, updateSessionUser, useSession } from '../auth/session.ts';
import { CalendarFeed } from './CalendarFeed.tsx';
import { DataRights } from './DataRights.tsx';
import { TelegramConnect } from './TelegramConnect.tsx';
import { TestimonialForm } from './TestimonialForm.tsx';

type Status = { kind: 'success' | 'danger'; text: string } | null;

/** The programmes the user bought or was given, each with its dates and where it stands. */
function Programmes({ user, lang }: { user: SessionUser; lang: Language }) {
  const { t } = useTranslation('subscription');
  const owned = useOwnedProgrammes(user.isOfflineUser ? null : String(user.id), lang);
  if (owned.isPending || owned.isError) return null;
  return (
    <section className="mb-3" aria-labelledby="account-programmes" data-testid="account-programmes">
      <h2 className="h5" id="account-programmes">
        {t('programmes.title')}
      </h2>
      {owned.data.length === 0 ? (
        <p className="text-body-secondary">
          {t('programmes.empty')}{' '}
          <Link to={localizedPath(lang, '/products')} className="text-nowrap">
            {t('programmes.browse')}
          </Link>
        </p>
      ) : (
        owned.data.map((programme) => (
          <ProgrammeCard key={programme.id} programme={programme} lang={lang} processLink heading="h3" />
        ))
      )}
    </section>
  );
}

function BirthDateForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(user.birth_date ?? '');
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = birthDateBodySchema.safeParse({ birthDate: value });
    if (!parsed.success)
      return setStatus({ kind: 'danger', text: parsed.error.issues[0]?.message ?? t('account.saveFailed') });
    setBusy(true);
    try {
      const reply = await api<{ user: SessionUser }>('/user/me/birth-date', { method: 'PUT', body: parsed.data });
      updateSessionUser(reply.user);
      setStatus({ kind: 'success', text: t('account.saved') });
    } catch (error) {
      setStatus({ kind: 'danger', text: error instanceof ApiRequestError ? error.message : t('account.saveFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="settings-card" onSubmit={submit} noValidate>
      <h2 className="h6">{t('account.birthDate')}</h2>
      <div className="d-flex gap-2 flex-wrap">
        <input
          type="date"
          className="form-control w-auto"
          value={value}
          min="1900-01-01"
          onChange={(event) => setValue(event.target.value)}
          aria-label={t('account.birthDate')}
          data-testid="birth-date-input"
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('account.save')}
        </button>
      </div>
      {status && (
        <p className={`small mt-2 mb-0 text-${status.kind}`} role="status">
          {status.text}
        </p>
      )}
    </form>
  );
}

function EmailForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = changeEmailBodySchema.safeParse({ email, password });
    if (!parsed.success)
      return setStatus({ kind: 'danger', text: parsed.error.issues[0]?.message ?? t('account.emailFailed') });
    setBusy(true);
    try {
      const reply = await api<{ user: SessionUser; token?: string }>('/auth/email', {
        method: 'POST',
        body: parsed.data,
      });
      updateSessionUser(reply.user, reply.token);
      setStatus({ kind: 'success', text: t('account.emailChanged', { email: parsed.data.email }) });
      setEmail('');
      setPassword('');
    } catch (error) {
      setStatus({ kind: 'danger', text: error instanceof ApiRequestError ? error.message : t('account.emailFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="settings-card" onSubmit={submit} noValidate>
      <h2 className="h6">{t('account.email')}</h2>
      <p className="small text-body-secondary">
        {user.email} · {user.email_verified ? t('account.verified') : t('account.notVerified')}
      </p>
      <div className="row g-2">
        <div className="col-sm-6">
          <label className="form-label small" htmlFor="new-email">
            {t('account.newEmail')}
          </label>
          <input
            id="new-email"
            type="email"
            autoComplete="email"
            className="form-control"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="col-sm-6">
          <label className="form-label small" htmlFor="current-password">
            {t('account.currentPassword')}
          </label>
          <input
            id="current-password"
            type="password"
            autoComplete="current-password"
            className="form-control"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
      </div>
      <button type="submit" className="btn btn-outline-primary mt-2" disabled={busy}>
        {t('account.changeEmail')}
      </button>
      {status && (
        <p className={`small mt-2 mb-0 text-${status.kind}`} role="status">
          {status.text}
        </p>
      )}
    </form>
  );
}

/** Basic settings: birth date, email, language, theme, sign-out. */
export default function AccountPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const theme = useTheme();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  usePageTitle(t('pages.account'));
  if (!user) return null;

  const pickLanguage = async (code: Language) => {
    await changeLanguage(code);
    navigate(localizedPath(code, splitLanguage(pathname).path));
  };

  return (
    <AccountLayout>
      <h1 className="h3 mb-3">{t('pages.account')}</h1>
      <Programmes user={user} lang={lang} />
      <BirthDateForm user={user} />
      <EmailForm user={user} />
      <Suspense fallback={null}>
        <CalendarFeed />
      </Suspense>
      <Suspense fallback={null}>
        <TelegramConnect />
      </Suspense>
      <section className="settings-card">
        <h2 className="h6">{t('header.language')}</h2>
        <select
          className="form-select w-auto"
          value={lang}
          onChange={(event) => void pickLanguage(event.target.value as Language)}
          aria-label={t('header.language')}
          data-testid="account-language"
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {NATIVE_NAMES[code]}
            </option>
          ))}
        </select>
      </section>
      <section className="settings-card d-flex justify-content-between align-items-center flex-wrap gap-2">
        <CheckField
          id="theme-switch"
          isSwitch
          className="mb-0"
          label={t('header.darkTheme')}
          checked={theme === 'dark'}
          onCheckedChange={(dark) => setTheme(dark ? 'dark' : 'light')}
        />
        <button
          type="button"
          className="btn btn-outline-danger"
          onClick={() => {
            void signOut();
            navigate(localizedPath(lang, '/login'));
          }}
        >
          {t('header.logout')}
        </button>
      </section>
      <TestimonialForm user={user} lang={lang} />
      <DataRights />
    </AccountLayout>
  );
}
