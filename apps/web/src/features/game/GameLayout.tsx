import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { localizedPath } from '../../lib/languages.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePathLanguage } from '../../lib/route-match.ts';
import './game.css';

const TABS = [
  ['/game/mirror', 'mirror'],
  ['/game/goals', 'goals'],
  ['/game/stats', 'stats'],
  ['/game/activity', 'activity'],
  ['/game/leaderboard', 'leaderboard'],
] as const;

/** The game's pages share a heading, the streak and the tabs between them. */
export function GameLayout({
  title,
  streak,
  children,
}: {
  title: string;
  streak?: number | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('game');
  const lang = usePathLanguage();
  usePageTitle(title);
  return (
    <div className="game-page">
      <header className="game-header">
        <h1 className="h3 mb-0">{title}</h1>
        {streak != null && (
          <span className="game-streak" data-testid="game-streak" title={t('streak.title')}>
            {t('streak.days', { count: streak })}
          </span>
        )}
      </header>
      <nav className="game-tabs" aria-label={t('tabs.label')}>
        {TABS.map(([path, key]) => (
          <NavLink key={key} to={localizedPath(lang, path)} className="game-tab">
            {t(`tabs.${key}`)}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation('game');
  return (
    <p className="text-body-secondary" role="status">
      <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      {t('loading')}
    </p>
  );
}

export function LoadError({ error }: { error: unknown }) {
  const { t } = useTranslation('game');
  const code = (error as { code?: string } | null)?.code ?? '';
  return (
    <div className="alert alert-warning" role="alert">
      {t([`errors.${code}`, 'errors.generic'])}
    </div>
  );
}
