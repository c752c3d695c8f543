import { lazy } from 'react';
import type { AdminSections } from '../registry.ts';

/** The sections that read the product: the overview, statistics, analytics, experiments, settings and debugging. */
export const INSIGHT_SECTIONS: AdminSections = {
  admin: lazy(() => import('./OverviewSection.tsx')),
  adminAnalytics: lazy(() => import('./AnalyticsSection.tsx')),
  adminCharts: lazy(() => import('./ChartsSection.tsx')),
  adminStatsUsers: lazy(() => import('./UserStatsSection.tsx')),
  adminStatsEmail: lazy(() => import('./EmailSection.tsx')),
  adminStatsClicks: lazy(() => import('./ClicksSection.tsx')),
  adminTelegramClicks: lazy(() => import('./TelegramClicksSection.tsx')),
  adminAdvanced: lazy(() => import('./AdvancedSection.tsx')),
  adminDebugProcess: lazy(() => import('./DebugProcessSection.tsx')),
  adminDebugLanguageRoutes: lazy(() => import('./LanguageRoutesSection.tsx')),
  adminReferrals: lazy(() => import('./ReferralsSection.tsx')),
  adminReferrer: lazy(() => import('./ReferrerSection.tsx')),
  adminEducationNotebook: lazy(() => import('./NotebookSection.tsx')),
  adminAbTests: lazy(() => import('./AbTestsSection.tsx')),
};
