import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog.tsx';
import type { Language } from '../../lib/languages.ts';
import { LOCAL_KEYS, local } from '../../lib/storage.ts';
import { MailingForm } from './MailingForm.tsx';

/** The exit-intent offer arms this long after the landing opens (spec 001 section 9). */
export const EXIT_INTENT_DELAY_MS = 3000;

/**
 * The offer shown when a reader is about to leave a landing, once per browser: on a desktop when the pointer leaves
 * through the top of the window, on a phone when the reader, having read half the page, scrolls back to its top.
 */
export function ExitIntent({ lang }: { lang: Language }) {
  const { t } = useTranslation('landing');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (local.get(LOCAL_KEYS.exitIntentShown)) return;
    let readHalf = false;
    const show = () => {
      if (local.get(LOCAL_KEYS.exitIntentShown)) return;
      local.set(LOCAL_KEYS.exitIntentShown, String(Date.now()));
      setOpen(true);
      stop();
    };
    const onMouseOut = (event: MouseEvent) => {
      if (!event.relatedTarget && event.clientY <= 0) show();
    };
    const onScroll = () => {
      const { scrollY, innerHeight } = window;
      if (scrollY + innerHeight > document.documentElement.scrollHeight / 2) readHalf = true;
      else if (readHalf && scrollY < 80) show();
    };
    const stop = () => {
      document.removeEventListener('mouseout', onMouseOut);
      window.removeEventListener('scroll', onScroll);
    };
    const timer = window.setTimeout(() => {
      document.addEventListener('mouseout', onMouseOut);
      window.addEventListener('scroll', onScroll, { passive: true });
    }, EXIT_INTENT_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, []);

  if (!open) return null;
  return (
    <Dialog
      title={t('common.exit.title')}
      closeLabel={t('common.exit.close')}
      onClose={() => setOpen(false)}
      data={{ testid: 'exit-intent' }}
    >
      <p>{t('common.exit.text')}</p>
      <MailingForm lang={lang} compact />
      <button type="button" className="btn btn-link mt-2 px-0" onClick={() => setOpen(false)}>
        {t('common.exit.close')}
      </button>
    </Dialog>
  );
}
