import i18next from 'i18next';
import { type ComponentType, createElement, lazy, useState } from 'react';
import type { PageName } from '../lib/route-table.ts';

/** A page component whose chunk can also be fetched ahead of its first render. */
export type PageComponent = ComponentType & { preload(): Promise<void> };

/**
 * A lazily loaded page. Once its chunk has been fetched (by `preload`, before the page served as HTML is hydrated,
 * or by an earlier visit) it renders without suspending, so hydration meets the same markup the server sent.
 */
function lazyPage(chunk: () => Promise<{ default: ComponentType }>, namespaces: readonly string[] = []): PageComponent {
  // A page with texts of its own reads their namespace with its chunk (in the browser; the server has them all).
  const load =
    namespaces.length === 0 || typeof window === 'undefined'
      ? chunk
      : () => Promise.all([chunk(), i18next.loadNamespaces([...namespaces])]).then(([module]) => module);
  let loaded: ComponentType | null = null;
  const remember = (module: { default: ComponentType }) => {
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(() => load().then(remember));
  function Page() {
    // Decided once per mounted page: switching from the lazy wrapper to the module later would remount it.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy);
  }
  Page.preload = () =>
    load()
      .then(remember)
      .then(() => undefined);
  return Page;
}

/** The hidden developer pages share one chunk. */
const devPage = (name: keyof typeof import('./dev/DevPages.tsx')) =>
  lazyPage(() => import('./dev/DevPages.tsx').then((module) => ({ default: module[name] })));

/** Every page is its own chunk, loaded when first visited. */
export const PAGES: Record<PageName, PageComponent> = {
  start: lazyPage(() => import('./StartPage.tsx')),
  dash: lazyPage(() => import('../features/calendar/DashPage.tsx')),
  stats: lazyPage(() => import('../features/calendar/StatsPage.tsx')),
  context: lazyPage(() => import('../features/calendar/ContextPage.tsx')),
  process: lazyPage(() => import('../features/calendar/ProcessPage.tsx')),
  cycles: lazyPage(() => import('../features/calendar/CyclesPage.tsx')),
  tzolkin: lazyPage(() => import('../features/calendar/TzolkinPage.tsx')),
  moon: lazyPage(() => import('../features/calendar/MoonPage.tsx')),
  year: lazyPage(() => import('../features/calendar/YearPage.tsx')),
  trecena: lazyPage(() => import('../features/calendar/TrecenaPage.tsx')),
  castle: lazyPage(() => import('../features/calendar/CastlePage.tsx'), ['castles']),
  plasma: lazyPage(() => import('../features/calendar/PlasmaPage.tsx')),
  kin: lazyPage(() => import('../features/calendar/KinPage.tsx')),
  cross: lazyPage(() => import('../features/calendar/CrossPage.tsx')),
  compat: lazyPage(() => import('../features/compat/CompatPage.tsx'), ['compat']),
  account: lazyPage(() => import('../features/account/AccountPage.tsx'), ['privacy']),
  accountLink: lazyPage(() => import('../features/account/AccountLinkPage.tsx'), ['privacy']),
  telegramLogin: lazyPage(() => import('../features/account/TelegramLoginPage.tsx'), ['reminders']),
  journal: lazyPage(() => import('../features/journal/JournalPage.tsx')),
  reminders: lazyPage(() => import('../features/reminders/RemindersPage.tsx')),
  subscriptionManage: lazyPage(() => import('../features/subscription/ManagePage.tsx')),
  subscriptionPlans: lazyPage(() => import('../features/subscription/SubscriptionPage.tsx')),
  login: lazyPage(() => import('../features/auth/pages/LoginPage.tsx')),
  register: lazyPage(() => import('../features/auth/pages/RegisterPage.tsx')),
  verifyEmail: lazyPage(() => import('../features/auth/pages/VerifyEmailPage.tsx')),
  forgotPassword: lazyPage(() => import('../features/auth/pages/ForgotPasswordPage.tsx')),
  resetPassword: lazyPage(() => import('../features/auth/pages/ResetPasswordPage.tsx')),
  devRoutes: devPage('RoutesPage'),
  devSeo: devPage('SeoPage'),
  devLanguageRoutes: devPage('LanguageRoutesPage'),
  devTranslations: devPage('TranslationsPage'),
  devHotTranslations: devPage('HotTranslationsPage'),
  devPricewall: devPage('PricewallTestPage'),
  devNoPrefix: devPage('NoPrefixPage'),
  education: lazyPage(() => import('../features/education/EducationHomePage.tsx'), ['education']),
  educationProgress: lazyPage(() => import('../features/education/ProgressPage.tsx'), ['education']),
  educationCourse: lazyPage(() => import('../features/education/CoursePage.tsx'), ['education']),
  educationLesson: lazyPage(() => import('../features/education/LessonPage.tsx'), ['education']),
  educationSubscriptionRequired: lazyPage(
    () => import('../features/education/SubscriptionRequiredPage.tsx'),
    ['education'],
  ),
  admin: lazyPage(() => import('../features/admin/AdminPage.tsx'), ['admin', 'insights']),
  glyphs: lazyPage(() => import('../features/calendar/GlyphsPage.tsx')),
  products: lazyPage(() => import('../features/commerce/ProductsPage.tsx'), ['commerce']),
  checkout: lazyPage(() => import('../features/commerce/CheckoutPage.tsx'), ['commerce']),
  checkoutRedirect: lazyPage(() => import('../features/commerce/RedirectPage.tsx'), ['commerce']),
  testPayment: lazyPage(() => import('../features/commerce/TestPaymentPage.tsx'), ['commerce']),
  paymentResult: lazyPage(() => import('../features/commerce/PaymentResultPage.tsx'), ['commerce']),
  accountPayments: lazyPage(() => import('../features/commerce/PaymentsPage.tsx'), ['commerce']),
  plansFor: lazyPage(() => import('../features/commerce/PlansForPage.tsx'), ['commerce']),
  game: lazyPage(() => import('../features/game/GameHomePage.tsx')),
  gameMirror: lazyPage(() => import('../features/game/MirrorPage.tsx')),
  gameGoals: lazyPage(() => import('../features/game/GoalsPage.tsx')),
  gameStats: lazyPage(() => import('../features/game/StatsPage.tsx')),
  gameActivity: lazyPage(() => import('../features/game/ActivityPage.tsx')),
  gameLeaderboard: lazyPage(() => import('../features/game/LeaderboardPage.tsx')),
  gameSetup: lazyPage(() => import('../features/game/SetupPage.tsx')),
  adminGamePreview: lazyPage(() => import('../features/game/PreviewPage.tsx')),
  teamManagement: lazyPage(() => import('../features/team/ManagementPage.tsx'), ['team']),
  teamHr: lazyPage(() => import('../features/team/HrPage.tsx'), ['team']),
  teamThanks: lazyPage(() => import('../features/team/ThankYouPage.tsx'), ['team']),
  legal: lazyPage(() => import('../features/legal/LegalPage.tsx'), ['legal']),
  about: lazyPage(() => import('../features/legal/AboutPage.tsx'), ['legal']),
  referrals: lazyPage(() => import('../features/account/ReferralsPage.tsx'), ['growth']),
  onboarding: lazyPage(() => import('../features/onboarding/OnboardingPage.tsx'), ['growth', 'reminders']),
  accountAbout: lazyPage(() => import('../features/account/AboutSignaturePage.tsx'), ['growth']),
  brandElements: lazyPage(() => import('../features/account/BrandElementsPage.tsx'), ['growth']),
  crmReturn: lazyPage(() => import('../features/crm/CrmReturnPage.tsx'), ['growth']),
  landing: lazyPage(() => import('../features/landing/LandingPage.tsx'), ['landing']),
};
