import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
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
  // Where no bot runs, a new link cannot be asked of it: the reader signs in with their address instead.
  const bot = useQuery({
    queryKey: ['telegram', 'bot'],
    queryFn: () => api<{ enabled: boolean }>('/telegram/bot', { auth: false }),
    enabled: failed,
    staleTime: 300_000,
  });
  const botOff = bot.data?.enabled === false;

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
      <p role="status" data-testid="telegram-login-status">
        {!failed ? t('telegram.signingIn') : botOff ? t('telegram.loginInvalidNoBot') : t('telegram.loginInvalid')}
      </p>
      {failed && botOff ? (
        <Link className="btn btn-primary" to={localizedPath(lang, '/login')}>
          {t('telegram.signInInstead')}
        </Link>
      ) : null}
    </article>
  );
}
