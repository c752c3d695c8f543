import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageRedirect } from '../components/PageRedirect.tsx';
import { useSession } from '../features/auth/session.ts';
import { languageOfPath, localizedPath, splitLanguage } from '../lib/languages.ts';
import { isNativePlatform } from '../lib/platform.ts';
import { LOCAL_KEYS, local } from '../lib/storage.ts';

const START_SCREEN_MS = 50;

/** A saved return URL worth going back to: a path of this app, not the start page itself. */
export function usableReturnUrl(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  const { path } = splitLanguage(value.split(/[?#]/)[0] ?? '/');
  return path === '/' ? null : value;
}

/** Where the start screen sends a signed-in user: the saved return URL, or /dash (spec 000 section 2.1). */
export function startTarget(lang: ReturnType<typeof languageOfPath>, returnUrl: string | null): string {
  return usableReturnUrl(returnUrl) ?? localizedPath(lang, '/dash');
}

/** 'Initializing app...' for about 50 ms, then on to the right place. */
export default function StartPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), START_SCREEN_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!ready || session.status === 'restoring') {
    return (
      <div className="start-screen" role="status">
        {t('app.initializing')}
      </div>
    );
  }
  if (session.status === 'authenticated') {
    return <PageRedirect to={startTarget(lang, local.get(LOCAL_KEYS.returnUrl))} />;
  }
  return <PageRedirect to={localizedPath(lang, isNativePlatform() ? '/register' : '/welcome')} />;
}
