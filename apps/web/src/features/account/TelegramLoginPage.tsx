import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { languageOfPath, localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { type SessionUser, signIn } from '../auth/session.ts';

/**
 * /telegram/login?token=: the bot's one-time sign-in link (its subscribe button). The token becomes a session, then
 * the page it was made for opens (the subscription plans).
 */
export default function TelegramLoginPage() {
  const { t } = useTranslation('reminders');
  usePageTitle(t('telegram.loginTitle'));
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    if (!token) return setFailed(true);
    api<{ token: string; user: SessionUser; next: string }>('/telegram/login', {
      method: 'POST',
      body: { token },
      auth: false,
    })
      .then(async (reply) => {
        await signIn(reply.token, reply.user);
        navigate(localizedPath(lang, reply.next.startsWith('/') ? reply.next : '/'), { replace: true });
      })
      .catch(() => setFailed(true));
  }, [params, navigate, lang]);

  return (
    <article className="container py-4" style={{ maxWidth: 640 }} data-testid="telegram-login-page">
      <h1 className="h3 mb-3">{t('telegram.loginTitle')}</h1>
      <p role="status">{failed ? t('telegram.loginInvalid') : t('telegram.signingIn')}</p>
    </article>
  );
}
