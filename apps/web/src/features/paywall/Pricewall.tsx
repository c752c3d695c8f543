import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import { languageOfPath, localizedPath } from '../../lib/languages.ts';
import { closePricewall, type PricewallRequest, recommendedPlan, subscriptionSearch } from './pricewall.ts';
import './pricewall.css';

/**
 * The pricewall: a modal dialog saying which limit was reached and leading to the subscription page. It is the
 * browser's own modal <dialog>, so focus stays inside it, Escape closes it, and the page behind is inert. The plan
 * offers will be added below the message.
 */
export default function Pricewall({ request }: { request: PricewallRequest }) {
  const { t } = useTranslation('cards');
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    // Unmounting removes the dialog from the page, which closes it; then focus goes back to what opened it.
    return () => {
      if (!element?.isConnected) opener?.focus();
    };
  }, []);

  const plan = recommendedPlan(request.reason);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is the dialog's own key
    <dialog
      ref={dialog}
      className="pricewall"
      aria-labelledby="pricewall-title"
      aria-describedby="pricewall-reason"
      onClose={closePricewall}
      onClick={(event) => {
        if (event.target === dialog.current) closePricewall();
      }}
      data-testid="pricewall"
      data-reason={request.reason}
    >
      <div className="pricewall-body">
        <button
          type="button"
          className="btn btn-icon pricewall-close"
          onClick={closePricewall}
          aria-label={t('pricewall.close')}
        >
          <Icon name="close" size={20} />
        </button>
        <h2 id="pricewall-title" className="h4">
          {t('pricewall.title')}
        </h2>
        <p id="pricewall-reason">{t(`pricewall.reasons.${request.reason}`, { limit: request.limit ?? '' })}</p>
        <p className="pricewall-plan">{t('pricewall.recommended', { plan: t(`pricewall.plans.${plan}`) })}</p>
        <div className="pricewall-actions">
          <Link
            className="btn btn-primary"
            to={`${localizedPath(lang, '/subscription')}${subscriptionSearch(request)}`}
            onClick={closePricewall}
          >
            {t('pricewall.seePlans')}
          </Link>
          <button type="button" className="btn btn-outline-secondary" onClick={closePricewall}>
            {t('pricewall.notNow')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
