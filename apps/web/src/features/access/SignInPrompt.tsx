import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { languageOfPath, localizedPath } from '../../lib/languages.ts';
import { FadingPrompt } from './FadingPrompt.tsx';
import { guestViews } from './guestViews.ts';

/** The sign-in prompt a guest sees after the one free date (spec 000 section 4.8); closing it lasts the session. */
export function SignInPrompt() {
  const { t } = useTranslation('access');
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  return (
    <FadingPrompt
      className="auth-prompt"
      title={t('prompt.title')}
      closeLabel={t('prompt.close')}
      onClosed={guestViews.dismiss}
      testId="auth-prompt"
    >
      <p>{t('prompt.limitReached')}</p>
      <div className="d-flex gap-2 flex-wrap">
        <Link className="btn btn-primary" to={localizedPath(lang, '/login')}>
          {t('prompt.signIn')}
        </Link>
        <Link className="btn btn-outline-secondary" to={localizedPath(lang, '/register')}>
          {t('prompt.register')}
        </Link>
      </div>
    </FadingPrompt>
  );
}
