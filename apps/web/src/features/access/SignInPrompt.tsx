import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import { languageOfPath, localizedPath } from '../../lib/languages.ts';
import { guestViews } from './guestViews.ts';

/** Spec 000 section 9: the prompt appears after 100 ms and fades out in 300 ms; a left swipe of 50 px closes it. */
export const PROMPT_APPEAR_MS = 100;
export const PROMPT_FADE_MS = 300;
const SWIPE_PX = 50;

/** The sign-in prompt a guest sees after the one free date (spec 000 section 4.8). */
export function SignInPrompt() {
  const { t } = useTranslation('access');
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const [visible, setVisible] = useState(false);
  const closing = useRef(false);
  const swipeStart = useRef<number | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setVisible(true);
      closeButton.current?.focus();
    }, PROMPT_APPEAR_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const close = useCallback(() => {
    if (closing.current) return;
    closing.current = true;
    setVisible(false);
    window.setTimeout(() => guestViews.dismiss(), PROMPT_FADE_MS);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop closes on a click; Escape and the button do too
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the document
    <div
      className={`auth-prompt-backdrop${visible ? ' is-visible' : ''}`}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      data-testid="auth-prompt-backdrop"
    >
      <section
        className="auth-prompt"
        role="dialog"
        aria-modal="true"
        aria-labelledby="auth-prompt-title"
        onTouchStart={(event) => {
          swipeStart.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const end = event.changedTouches[0]?.clientX;
          if (swipeStart.current !== null && end !== undefined && swipeStart.current - end > SWIPE_PX) close();
          swipeStart.current = null;
        }}
        data-testid="auth-prompt"
      >
        <button
          ref={closeButton}
          type="button"
          className="btn btn-icon auth-prompt-close"
          onClick={close}
          aria-label={t('prompt.close')}
        >
          <Icon name="close" size={20} />
        </button>
        <h2 id="auth-prompt-title" className="h5">
          {t('prompt.title')}
        </h2>
        <p>{t('prompt.limitReached')}</p>
        <div className="d-flex gap-2 flex-wrap">
          <Link className="btn btn-primary" to={localizedPath(lang, '/login')}>
            {t('prompt.signIn')}
          </Link>
          <Link className="btn btn-outline-secondary" to={localizedPath(lang, '/register')}>
            {t('prompt.register')}
          </Link>
        </div>
      </section>
    </div>
  );
}
