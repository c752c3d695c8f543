/**
 * The route table of spec 000 section 2.3, in one place: every path, its page, its kind (which decides the layout
 * and which header controls show), whether it has /{lang}/ variants, and its guards or redirect target.
 */

/** What a page is; the layout reads it (spec 000 section 2.4). */
export type PageKind =
  | 'home'
  | 'matrix'
  | 'account'
  | 'auth'
  | 'landing'
  | 'checkout'
  | 'products'
  | 'legal'
  | 'education'
  | 'setup'
  | 'game'
  | 'team'
  | 'admin'
  | 'test'
  | 'other';

/** Names of the page components in pages.ts. */
export type PageName =
  | 'start'
  | 'dash'
  | 'stats'
  | 'context'
  | 'process'
  | 'glyphs'
  | 'legal'
  | 'about'
  | 'referrals'
  | 'landing'
  | 'cycles'
  | 'tzolkin'
  | 'moon'
  | 'year'
  | 'trecena'
  | 'plasma'
  | 'kin'
  | 'cross'
  | 'account'
  | 'accountSection'
  | 'subscriptionManage'
  | 'subscriptionPlans'
  | 'login'
  | 'register'
  | 'verifyEmail'
  | 'forgotPassword'
  | 'resetPassword'
  | 'placeholder'
  | 'education'
  | 'educationProgress'
  | 'admin';

export interface RouteEntry {
  path: string;
  /** The page component; absent for a redirect. */
  page?: PageName;
  kind: PageKind;
  /** i18n key of the page title (namespace translation, under `pages.`). */
  title?: string;
  /** Has /{lang}/ variants for every language. */
  localized?: boolean;
  requiresLogin?: boolean;
  adminOnly?: boolean;
  gameAccess?: boolean;
  /** Redirect target (replace); `:param` segments are carried over. */
  redirect?: string;
  /** Not linked anywhere; for developers. */
  hidden?: boolean;
}

const placeholder = (path: string, kind: PageKind, title: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  page: 'placeholder',
  kind,
  title,
  ...extra,
});
const redirect = (path: string, to: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  redirect: to,
  kind: 'other',
  ...extra,
});
const admin = (path: string, title: string): RouteEntry => ({
  path,
  page: 'admin',
  kind: 'admin',
  title,
  requiresLogin: true,
  adminOnly: true,
});
const account = (path: string, title: string, page: PageName = 'accountSection'): RouteEntry => ({
  path,
  page,
  kind: 'account',
  title,
  requiresLogin: true,
  localized: true,
});
const test = (path: string, title: string): RouteEntry => placeholder(path, 'test', title, { hidden: true });

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', page: 'start', kind: 'home', localized: true },

  // Account
  account('/account', 'account', 'account'),
  account('/account/referrals', 'referrals', 'referrals'),
  account('/account/email-preferences', 'emailPreferences'),
  account('/account/subscription', 'subscriptionManagement', 'subscriptionManage'),
  account('/account/payments', 'payments'),
  account('/account/about', 'about'),
  account('/account/brand-elements', 'brandElements'),
  redirect('/account/preferences', '/account', { localized: true }),
  redirect('/profile', '/account', { localized: true }),
  redirect('/profile/payments', '/account/payments', { localized: true }),
  redirect('/settings', '/account', { localized: true }),
  placeholder('/onboarding', 'other', 'onboarding', { requiresLogin: true, localized: true }),
  { path: '/welcome', page: 'landing', kind: 'landing', title: 'welcome', localized: true },
  placeholder('/amoauth', 'other', 'crmReturn'),
  placeholder('/r/:slug', 'landing', 'referral', { localized: true }),

  // Authentication
  { path: '/login', page: 'login', kind: 'auth', title: 'login', localized: true },
  { path: '/register', page: 'register', kind: 'auth', title: 'register', localized: true },
  { path: '/verify-email', page: 'verifyEmail', kind: 'auth', title: 'verifyEmail', localized: true },
  { path: '/forgot-password', page: 'forgotPassword', kind: 'auth', title: 'forgotPassword', localized: true },
  { path: '/reset-password', page: 'resetPassword', kind: 'auth', title: 'resetPassword', localized: true },

  // Checkout and subscription
  placeholder('/checkout', 'checkout', 'checkout', { localized: true }),
  placeholder('/checkout/book-form', 'checkout', 'checkout', { localized: true }),
  placeholder('/checkout/redirect', 'checkout', 'checkout', { localized: true }),
  placeholder('/payment', 'checkout', 'payment', { localized: true }),
  { path: '/subscription', page: 'subscriptionPlans', kind: 'products', title: 'subscription', localized: true },
  placeholder('/masters/subscription', 'products', 'subscriptionMasters', { localized: true }),
  placeholder('/business/subscription', 'products', 'subscriptionBusiness', { localized: true }),
  placeholder('/subscription/checkout', 'checkout', 'checkout', { localized: true }),
  placeholder('/subscription/success', 'checkout', 'subscriptionSuccess', { localized: true }),
  redirect('/subscription/masters', '/masters/subscription', { localized: true }),
  redirect('/subscription/business', '/business/subscription', { localized: true }),
  placeholder('/payment/success/:provider', 'checkout', 'paymentSuccess', { localized: true }),
  placeholder('/payment/fail/:provider', 'checkout', 'paymentFail', { localized: true }),
  placeholder('/payment/cancel/:provider', 'checkout', 'paymentCancel', { localized: true }),
  placeholder('/payment/success', 'checkout', 'paymentSuccess', { localized: true }),
  placeholder('/payment/fail', 'checkout', 'paymentFail', { localized: true }),
  placeholder('/payment/cancel', 'checkout', 'paymentCancel', { localized: true }),

  // Dashboard and matrices
  { path: '/dash', page: 'dash', kind: 'matrix', title: 'dash', localized: true },
  { path: '/dash/cycles', page: 'cycles', kind: 'matrix', title: 'cycles', localized: true },
  { path: '/dash/stats', page: 'stats', kind: 'matrix', title: 'stats', localized: true },
  redirect('/cycles', '/dash/cycles', { localized: true }),
  redirect('/dashboard', '/dash', { localized: true }),
  { path: '/tzolkin', page: 'tzolkin', kind: 'matrix', title: 'tzolkin', localized: true },
  { path: '/moon', page: 'moon', kind: 'matrix', title: 'moon', localized: true },
  { path: '/context/:date?', page: 'context', kind: 'matrix', title: 'context', localized: true },
  { path: '/process/:toneId?', page: 'process', kind: 'matrix', title: 'process', localized: true },
  { path: '/year/:yearId?', page: 'year', kind: 'matrix', title: 'year', localized: true },
  { path: '/trecena/:wavespellId?', page: 'trecena', kind: 'matrix', title: 'trecena', localized: true },
  { path: '/plasma/:plasmaId?', page: 'plasma', kind: 'matrix', title: 'plasma', localized: true },
  { path: '/kin/:kinNumber?', page: 'kin', kind: 'matrix', title: 'kin', localized: true },
  { path: '/cross', page: 'cross', kind: 'matrix', title: 'cross', localized: true },

  // Game
  placeholder('/game', 'game', 'game', { requiresLogin: true, gameAccess: true }),
  placeholder('/game/mirror', 'game', 'gameMirror', { requiresLogin: true, gameAccess: true }),
  placeholder('/game/goals', 'game', 'gameGoals', { requiresLogin: true, gameAccess: true }),
  placeholder('/game/stats', 'game', 'gameStats', { requiresLogin: true, gameAccess: true }),
  placeholder('/game/activity', 'game', 'gameActivity', { requiresLogin: true, gameAccess: true }),
  placeholder('/game/leaderboard', 'game', 'gameLeaderboard', { requiresLogin: true, gameAccess: true }),
  placeholder('/game/setup/profile', 'setup', 'gameSetup', { requiresLogin: true, gameAccess: true }),
  placeholder('/game/setup/goal', 'setup', 'gameSetup', { requiresLogin: true, gameAccess: true }),
  placeholder('/game/setup/auth', 'setup', 'gameSetup', { requiresLogin: true, gameAccess: true }),
  placeholder('/game/setup/complete', 'setup', 'gameSetup', { requiresLogin: true, gameAccess: true }),

  // Teams
  placeholder('/team/management', 'team', 'teamManagement', { localized: true }),
  placeholder('/team/hr', 'team', 'teamHr', { localized: true }),
  placeholder('/team/thank-you', 'team', 'teamThanks', { localized: true }),
  redirect('/team', '/team/management', { localized: true }),

  // Products and landings
  placeholder('/products', 'products', 'products', { localized: true }),
  placeholder('/products/13moons', 'products', 'product13moons', { localized: true }),
  placeholder('/products/:productId', 'products', 'product', { localized: true }),
  { path: '/13days', page: 'landing', kind: 'landing', title: 'landing13days', localized: true },
  { path: '/13secrets', page: 'landing', kind: 'landing', title: 'landing13secrets', localized: true },
  { path: '/13moons', page: 'landing', kind: 'landing', title: 'landing13moons', localized: true },
  { path: '/13moons-simple', page: 'landing', kind: 'landing', title: 'landing13moons', localized: true },
  { path: '/13moons-webstudio', page: 'landing', kind: 'landing', title: 'landing13moons', localized: true },
  { path: '/essence', page: 'landing', kind: 'landing', title: 'landingEssence', localized: true },
  { path: '/welcome-coaches', page: 'landing', kind: 'landing', title: 'landingCoaches', localized: true },
  { path: '/welcome-b', page: 'landing', kind: 'landing', title: 'welcome', localized: true },
  { path: '/hunabbot', page: 'landing', kind: 'landing', title: 'landingBot', localized: true },

  // Legal
  { path: '/legal/privacy', page: 'legal', kind: 'legal', title: 'privacy', localized: true },
  { path: '/legal/terms', page: 'legal', kind: 'legal', title: 'terms', localized: true },
  { path: '/legal', page: 'legal', kind: 'legal', title: 'legal', localized: true },
  { path: '/about', page: 'about', kind: 'legal', title: 'about', localized: true },
  redirect('/privacy', '/legal/privacy', { localized: true }),
  redirect('/terms', '/legal/terms', { localized: true }),
  ...['ru', 'en', 'es', 'pt', 'ja', 'zh'].flatMap((lang) => [
    redirect(`/privacy-${lang}.pdf`, lang === 'ru' ? '/legal/privacy' : `/${lang}/legal/privacy`),
    redirect(`/terms-${lang}.pdf`, lang === 'ru' ? '/legal/terms' : `/${lang}/legal/terms`),
  ]),

  // Admin
  admin('/admin', 'admin'),
  admin('/admin/users', 'adminUsers'),
  admin('/admin/products', 'adminProducts'),
  admin('/admin/analytics', 'adminAnalytics'),
  admin('/admin/stats/users', 'adminStatsUsers'),
  admin('/admin/stats/email/overview', 'adminStatsEmail'),
  admin('/admin/stats/clicks', 'adminStatsClicks'),
  admin('/admin/referrals', 'adminReferrals'),
  admin('/admin/referrals/referrer/:referrerId/:source', 'adminReferrer'),
  admin('/admin/game/preview', 'adminGamePreview'),
  admin('/abtests', 'adminAbTests'),
  admin('/advanced', 'adminAdvanced'),
  admin('/charts', 'adminCharts'),
  admin('/telegram-clicks', 'adminTelegramClicks'),
  admin('/payments', 'adminPayments'),
  admin('/subscriptions', 'adminSubscriptions'),
  admin('/promocodes', 'adminPromocodes'),
  admin('/comments', 'adminComments'),
  admin('/debug/process', 'adminDebugProcess'),
  admin('/debug-language-routes', 'adminDebugLanguageRoutes'),
  admin('/education/notebook', 'adminEducationNotebook'),
  redirect('/stats', '/admin/stats/users'),
  redirect('/admin/stats', '/admin/stats/users'),
  redirect('/cycles/stats', '/admin/stats/users'),
  redirect('/admin/stats/email', '/admin/stats/email/overview'),

  // Hidden test routes
  test('/test/modular-routes', 'testRoutes'),
  test('/seo-test', 'testSeo'),
  test('/test-language-routes', 'testLanguageRoutes'),
  test('/test-translations', 'testTranslations'),
  test('/test-hmr-translations', 'testTranslations'),
  test('/test/pricewall', 'testPricewall'),
  test('/test-no-prefix', 'testNoPrefix'),
  { path: '/test/glyphs', page: 'glyphs', kind: 'test', title: 'testGlyphs', hidden: true },

  // Education
  { path: '/education', page: 'education', kind: 'education', title: 'education', localized: true },
  { path: '/education/courses', page: 'education', kind: 'education', title: 'education', localized: true },
  placeholder('/education/courses/intro', 'education', 'courseIntro', { localized: true }),
  redirect('/education/courses/13-days', '/education/courses/13-days/lesson/intro', { localized: true }),
  placeholder('/education/courses/13-days/lesson/intro', 'education', 'lesson', { localized: true }),
  placeholder('/education/courses/13-days/lesson/lesson-1', 'education', 'lesson', { localized: true }),
  placeholder('/education/courses/subscription/lesson/:lessonId', 'education', 'lesson', { localized: true }),
  placeholder('/education/courses/:courseId', 'education', 'course', { localized: true }),
  placeholder('/education/courses/:courseId/lesson/:lessonSlug', 'education', 'lesson', { localized: true }),
  placeholder('/education/subscription-required', 'education', 'subscriptionRequired', { localized: true }),
  { path: '/education/progress', page: 'educationProgress', kind: 'education', title: 'progress', localized: true },
];

/** Paths after which no return URL is saved. */
export const NO_RETURN_PATHS = ['/login', '/register', '/reset-password'];

/** Landing paths shown without header controls. */
export const LANDING_PATHS = [
  '/welcome',
  '/essence',
  '/welcome-coaches',
  '/welcome-b',
  '/13moons',
  '/13moons-simple',
  '/13moons-webstudio',
  '/13days',
  '/13secrets',
];
