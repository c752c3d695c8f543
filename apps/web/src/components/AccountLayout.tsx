import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../features/auth/session.ts';
import { languageOfPath, localizedPath, splitLanguage } from '../lib/languages.ts';
import { Avatar } from './Avatar.tsx';

const LINKS = [
  ['/account', 'account'],
  ['/journal', 'journal'],
  ['/account/referrals', 'referrals'],
  ['/account/email-preferences', 'emailPreferences'],
  ['/account/subscription', 'subscriptionManagement'],
  ['/account/payments', 'payments'],
  ['/account/about', 'about'],
] as const;

/** The account pages: a side bar with the avatar, name, email and seven links, the active one by path prefix. */
export function AccountLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const lang = languageOfPath(pathname);
  const { path } = splitLanguage(pathname);
  const { user } = useSession();
  // The brand elements are reached from the signature page (About), and belong under it.
  const section = path === '/account/brand-elements' ? '/account/about' : path;
  const active = [...LINKS].reverse().find(([to]) => section === to || section.startsWith(`${to}/`))?.[0];
  return (
    <div className="account-layout">
      <aside className="account-sidebar" aria-label={t('account.menu')}>
        <div className="account-identity">
          <Avatar user={user} />
          <div className="min-w-0">
            <p className="fw-semibold mb-0 text-truncate" data-testid="account-name">
              {user?.name || user?.display_name || t('account.defaultName')}
            </p>
            <p className="small text-body-secondary mb-0 text-truncate">{user?.email}</p>
          </div>
        </div>
        <nav className="account-links">
          {LINKS.map(([to, key]) => (
            <NavLink key={to} to={localizedPath(lang, to)} className={active === to ? 'active' : undefined} end>
              {t(`pages.${key}`)}
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="account-content">{children}</div>
    </div>
  );
}
