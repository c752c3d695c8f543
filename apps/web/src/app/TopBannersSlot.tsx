import { useLocation } from 'react-router';
import { TopBanners } from '../features/access/TopBanners.tsx';
import { useSession } from '../features/auth/session.ts';
import { useCards } from '../features/cards/useCards.ts';
import { dashAsksBirthDate } from '../lib/birth-date.ts';
import type { Language } from '../lib/languages.ts';

/** The top banners with what they need from other features: whether there are cards, whether the dashboard asks for a birth date. */
export function TopBannersSlot({ enabled, lang, path }: { enabled: boolean; lang: Language; path: string }) {
  const { hash, search } = useLocation();
  const session = useSession();
  const cards = useCards();
  const birthDateInput =
    path === '/dash' &&
    dashAsksBirthDate(session.status === 'authenticated', session.user?.birth_date ?? null, hash, search);
  return (
    <TopBanners
      enabled={enabled}
      lang={lang}
      path={path}
      hasCards={cards.loading ? null : cards.cards.length > 0}
      birthDateInput={birthDateInput}
    />
  );
}
