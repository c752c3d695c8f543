import { type ComponentType, lazy } from 'react';
import type { PageName } from './routeTable.ts';

/** Every page is its own chunk, loaded when first visited. */
export const PAGES: Record<PageName, ComponentType> = {
  start: lazy(() => import('./StartPage.tsx')),
  dash: lazy(() => import('../features/calendar/DashPage.tsx')),
  stats: lazy(() => import('../features/calendar/StatsPage.tsx')),
  context: lazy(() => import('../features/calendar/ContextPage.tsx')),
  process: lazy(() => import('../features/calendar/ProcessPage.tsx')),
  cycles: lazy(() => import('../features/calendar/CyclesPage.tsx')),
  tzolkin: lazy(() => import('../features/calendar/TzolkinPage.tsx')),
  moon: lazy(() => import('../features/calendar/MoonPage.tsx')),
  year: lazy(() => import('../features/calendar/YearPage.tsx')),
  trecena: lazy(() => import('../features/calendar/TrecenaPage.tsx')),
  plasma: lazy(() => import('../features/calendar/PlasmaPage.tsx')),
  kin: lazy(() => import('../features/calendar/KinPage.tsx')),
  cross: lazy(() => import('../features/calendar/CrossPage.tsx')),
  account: lazy(() => import('../features/account/AccountPage.tsx')),
  accountSection: lazy(() => import('../features/account/AccountSectionPage.tsx')),
  subscriptionManage: lazy(() => import('../features/subscription/ManagePage.tsx')),
  subscriptionPlans: lazy(() => import('../features/subscription/SubscriptionPage.tsx')),
  login: lazy(() => import('../features/auth/pages/LoginPage.tsx')),
  register: lazy(() => import('../features/auth/pages/RegisterPage.tsx')),
  verifyEmail: lazy(() => import('../features/auth/pages/VerifyEmailPage.tsx')),
  forgotPassword: lazy(() => import('../features/auth/pages/ForgotPasswordPage.tsx')),
  resetPassword: lazy(() => import('../features/auth/pages/ResetPasswordPage.tsx')),
  welcome: lazy(() => import('../features/landing/WelcomePage.tsx')),
  placeholder: lazy(() => import('./PlaceholderPage.tsx')),
  education: lazy(() => import('../features/education/EducationHomePage.tsx')),
  educationProgress: lazy(() => import('../features/education/ProgressPage.tsx')),
  admin: lazy(() => import('../features/admin/AdminPage.tsx')),
  glyphs: lazy(() => import('../features/calendar/GlyphsPage.tsx')),
};
