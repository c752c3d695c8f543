import { today } from '@hunab/calendar';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import { API_BASE, api } from '../../lib/api.ts';
import { type Language, localizedPath } from '../../lib/languages.ts';
import { programmeOpens, useOwnedProgrammes } from '../../lib/owned-programmes.ts';
import { usePublicSettings } from '../../lib/settings.ts';
import { SESSION_KEYS, session } from '../../lib/storage.ts';
import {
  applicableBanners,
  BANNER_ROTATION_MS,
  type BannerKind,
  bannerAt,
  bestPromo,
  daysUntil,
  THIRTEEN_MOONS_TARGET,
} from './banners.ts';
import { checkMainLevel1 } from './main-purchase.ts';
import { useAccess } from './useAccess.ts';

/** The messenger bot of the 13-moons countdown, through the server's counted redirect to the bot of the settings. */
export const THIRTEEN_MOONS_BOT_URL = `${API_BASE.replace(/\/api$/, '')}/go/bot/13moons?source=top_banner`;

interface Promo {
  code: string;
  discount_percentage: string;
  valid_until: string;
}

function readDismissed(): Set<BannerKind> {
  try {
    const list = JSON.parse(session.get(SESSION_KEYS.dismissedBanners) ?? '[]') as unknown;
    return new Set(Array.isArray(list) ? (list as BannerKind[]) : []);
  } catch {
    return new Set();
  }
}

/** Puts the body in its banner state: 48 px of banner above the 60 px header, or none (spec 000 section 4.6). */
function useBodyBannerState(shown: boolean): void {
  useEffect(() => {
    document.body.classList.toggle('has-top-notifications', shown);
    document.body.classList.toggle('no-top-notifications', !shown);
  }, [shown]);
  useEffect(
    () => () => {
      document.body.classList.remove('has-top-notifications');
      document.body.classList.add('no-top-notifications');
    },
    [],
  );
}

export interface TopBannersProps {
  enabled: boolean;
  lang: Language;
  path: string;
  hasCards: boolean | null;
  birthDateInput: boolean;
}

/**
 * The top banners (spec 000 section 4.6): the ones that apply, by priority, shown one at a time and rotating every
 * 10 s; closing one keeps it away for the session.
 */
export function TopBanners({ enabled, lang, path, hasCards, birthDateInput }: TopBannersProps) {
  const { t } = useTranslation('access');
  const access = useAccess();
  const [dismissed, setDismissed] = useState(readDismissed);
  const [step, setStep] = useState(0);
  const paid = access.active && !access.isAdmin;
  // A bought programme's pages offer no plans while it waits or runs.
  const owned = useOwnedProgrammes(enabled && access.signedIn && !paid && !access.isAdmin ? access.userId : null, lang);
  // The 13-moons banner is Russian only: other languages do not ask for its date.
  const { thirteenMoonsTarget } = usePublicSettings(enabled && lang === 'ru');
  const mainProduct = useQuery({
    queryKey: ['purchase', 'main', access.userId],
    queryFn: async () => {
      const check = await checkMainLevel1();
      if (check.error) console.warn(check.error);
      return check.hasPurchase;
    },
    enabled: enabled && paid && lang === 'ru',
  });
  // While a signed-in user's status is on its way nothing shows, so a subscriber never sees the subscription banner flash.
  const list =
    enabled && !access.loading
      ? applicableBanners({
          lang,
          path,
          signedIn: access.signedIn,
          isAdmin: access.isAdmin,
          subscriptionActive: access.active || programmeOpens(owned.data, path),
          hasCards,
          hasMainProduct: mainProduct.data ?? null,
          birthDateInput,
          today: today(),
          dismissed,
          thirteenMoonsTarget,
        })
      : [];
  const current = bannerAt(list, step);
  const promos = useQuery({
    queryKey: ['promo', 'active'],
    queryFn: async () => (await api<{ data: Promo[] }>('/promo/active', { auth: false })).data,
    enabled: current === 'subscription',
  });
  useBodyBannerState(current !== null);

  const rotating = list.length > 1;
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setStep((value) => value + 1), BANNER_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [rotating]);

  if (!current) return <div className="top-banners" />;

  const dismiss = () => {
    const next = new Set(dismissed).add(current);
    session.set(SESSION_KEYS.dismissedBanners, JSON.stringify([...next]));
    setDismissed(next);
  };

  let text: string;
  let action: { to: string; external?: boolean };
  if (current === 'subscription') {
    const promo = bestPromo(promos.data ?? []);
    text = promos.isPending
      ? t('banners.subscription.loading')
      : promo
        ? t('banners.subscription.promo', { discount: Number(promo.discount_percentage), code: promo.code })
        : t('banners.subscription.default');
    action = { to: `${localizedPath(lang, '/subscription')}?source=top_notification&reason=top_notification` };
  } else if (current === 'thirteenMoons') {
    text = t('banners.thirteenMoons.text', { days: daysUntil(today(), thirteenMoonsTarget ?? THIRTEEN_MOONS_TARGET) });
    action = { to: THIRTEEN_MOONS_BOT_URL, external: true };
  } else {
    text = t(`banners.${current}.text`);
    const target = { thirteenSecrets: '/13secrets', firstCalculation: '/dash/cycles', thirteenDays: '/13days' }[
      current
    ];
    action = { to: localizedPath(lang, target) };
  }

  return (
    <section className="top-banners" aria-label={t('banners.label')}>
      <div className={`top-banner top-banner-${current}`} data-testid="top-banner" data-kind={current}>
        <span className="top-banner-text">{text}</span>
        {action.external ? (
          <a className="btn-cta" href={action.to} target="_blank" rel="noopener noreferrer">
            {t(`banners.${current}.cta`)}
          </a>
        ) : (
          <Link className="btn-cta" to={action.to}>
            {t(`banners.${current}.cta`)}
          </Link>
        )}
        <button type="button" className="btn btn-icon" onClick={dismiss} aria-label={t('banners.close')}>
          <Icon name="close" size={18} />
        </button>
      </div>
    </section>
  );
}
