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
  | 'castle'
  | 'plasma'
  | 'kin'
  | 'cross'
  | 'compat'
  | 'account'
  | 'accountLink'
  | 'telegramLogin'
  | 'journal'
  | 'reminders'
  | 'onboarding'
  | 'accountAbout'
  | 'brandElements'
  | 'crmReturn'
  | 'subscriptionManage'
  | 'subscriptionPlans'
  | 'login'
  | 'register'
  | 'verifyEmail'
  | 'forgotPassword'
  | 'resetPassword'
  | 'devRoutes'
  | 'devSeo'
  | 'devLanguageRoutes'
  | 'devTranslations'
  | 'devHotTranslations'
  | 'devPricewall'
  | 'devNoPrefix'
  | 'education'
  | 'educationProgress'
  | 'admin'
  | 'products'
  | 'checkout'
  | 'checkoutRedirect'
  | 'testPayment'
  | 'paymentResult'
  | 'accountPayments'
  | 'plansFor'
  | 'game'
  | 'gameMirror'
  | 'gameGoals'
  | 'gameStats'
  | 'gameActivity'
  | 'gameLeaderboard'
  | 'gameSetup'
  | 'adminGamePreview'
  | 'teamManagement'
  | 'teamHr'
  | 'teamThanks'
  | 'educationCourse'
  | 'educationLesson'
  | 'educationSubscriptionRequired'
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
  /**
   * A guest may open this page before signing in: the first steps of the game's setup, and the checkout's summary,
   * which asks a guest to sign in or register before the buyer's details.
   */
  openToGuests?: boolean;
  /** Redirect target (replace); `:param` segments are carried over. */
  redirect?: string;
  /** Not linked anywhere; for developers. */
  hidden?: boolean;
  /** Answered by the server itself (not the web app): the client loads the address from the server in full. */
  server?: boolean;
}

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
const account = (path: string, title: string, page: PageName): RouteEntry => ({
  path,
  page,
  kind: 'account',
  title,
  requiresLogin: true,
  localized: true,
});
const paid = (path: string, page: PageName, title: string): RouteEntry => ({
  path,
  page,
  kind: 'checkout',
  title,
  localized: true,
  requiresLogin: true,
});
const game = (path: string, page: PageName, title: string): RouteEntry => ({
  path,
  page,
  kind: 'game',
  title,
  requiresLogin: true,
  gameAccess: true,
  localized: true,
});
const setup = (path: string, extra: Partial<RouteEntry>): RouteEntry => ({
  path,
  page: 'gameSetup',
  kind: 'setup',
  title: 'gameSetup',
  gameAccess: true,
  localized: true,
  ...extra,
});
const lesson = (path: string): RouteEntry => ({
  path,
  page: 'educationLesson',
  kind: 'education',
  title: 'lesson',
  localized: true,
});
const test = (path: string, page: PageName, title: string): RouteEntry => ({
  path,
  page,
  kind: 'test',
  title,
  hidden: true,
});

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', page: 'start', kind: 'home', localized: true },

  // Account
  account('/account', 'account', 'account'),
  account('/account/referrals', 'referrals', 'referrals'),
  account('/account/email-preferences', 'emailPreferences', 'reminders'),
  account('/account/subscription', 'subscriptionManagement', 'subscriptionManage'),
  account('/account/payments', 'payments', 'accountPayments'),
  account('/account/about', 'about', 'accountAbout'),
  account('/account/brand-elements', 'brandElements', 'brandElements'),
  account('/journal', 'journal', 'journal'),
  // The deletion letters' links work signed out: restoring a closed account, confirming a deletion.
  { path: '/account/restore', page: 'accountLink', kind: 'auth', title: 'accountRestore', localized: true },
  { path: '/account/delete', page: 'accountLink', kind: 'auth', title: 'accountDelete', localized: true },
  redirect('/account/preferences', '/account', { localized: true }),
  redirect('/profile', '/account', { localized: true }),
  redirect('/profile/payments', '/account/payments', { localized: true }),
  redirect('/settings', '/account', { localized: true }),
  { path: '/onboarding', page: 'onboarding', kind: 'setup', title: 'onboarding', requiresLogin: true, localized: true },
  { path: '/welcome', page: 'landing', kind: 'landing', title: 'welcome', localized: true },
  { path: '/amoauth', page: 'crmReturn', kind: 'other', title: 'crmReturn', requiresLogin: true, adminOnly: true },
  { path: '/r/:slug', kind: 'landing', title: 'referral', localized: true, server: true },

  // Authentication
  { path: '/login', page: 'login', kind: 'auth', title: 'login', localized: true },
  { path: '/register', page: 'register', kind: 'auth', title: 'register', localized: true },
  { path: '/verify-email', page: 'verifyEmail', kind: 'auth', title: 'verifyEmail', localized: true },
  { path: '/telegram/login', page: 'telegramLogin', kind: 'auth', title: 'telegramLogin', localized: true },
  { path: '/forgot-password', page: 'forgotPassword', kind: 'auth', title: 'forgotPassword', localized: true },
  { path: '/reset-password', page: 'resetPassword', kind: 'auth', title: 'resetPassword', localized: true },

  // Checkout and subscription: a guest sees what is on sale and is asked to sign in; the buyer is signed in from the
  // details on, and after the provider's page.
  { ...paid('/checkout', 'checkout', 'checkout'), openToGuests: true },
  { ...paid('/checkout/book-form', 'checkout', 'checkout'), openToGuests: true },
  paid('/checkout/redirect', 'checkoutRedirect', 'checkout'),
  paid('/payment', 'testPayment', 'payment'),
  { path: '/subscription', page: 'subscriptionPlans', kind: 'products', title: 'subscription', localized: true },
  { path: '/masters/subscription', page: 'plansFor', kind: 'products', title: 'subscriptionMasters', localized: true },
  {
    path: '/business/subscription',
    page: 'plansFor',
    kind: 'products',
    title: 'subscriptionBusiness',
    localized: true,
  },
  { ...paid('/subscription/checkout', 'checkout', 'checkout'), openToGuests: true },
  paid('/subscription/success', 'paymentResult', 'subscriptionSuccess'),
  redirect('/subscription/masters', '/masters/subscription', { localized: true }),
  redirect('/subscription/business', '/business/subscription', { localized: true }),
  paid('/payment/success/:provider', 'paymentResult', 'paymentSuccess'),
  paid('/payment/fail/:provider', 'paymentResult', 'paymentFail'),
  paid('/payment/cancel/:provider', 'paymentResult', 'paymentCancel'),
  paid('/payment/success', 'paymentResult', 'paymentSuccess'),
  paid('/payment/fail', 'paymentResult', 'paymentFail'),
  paid('/payment/cancel', 'paymentResult', 'paymentCancel'),

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
  { path: '/castle/:castleId?', page: 'castle', kind: 'matrix', title: 'castle', localized: true },
  { path: '/plasma/:plasmaId?', page: 'plasma', kind: 'matrix', title: 'plasma', localized: true },
  { path: '/kin/:kinNumber?', page: 'kin', kind: 'matrix', title: 'kin', localized: true },
  { path: '/cross', page: 'cross', kind: 'matrix', title: 'cross', localized: true },
  { path: '/compat', page: 'compat', kind: 'other', title: 'compat', localized: true },

  // Game
  game('/game', 'game', 'game'),
  game('/game/mirror', 'gameMirror', 'gameMirror'),
  game('/game/goals', 'gameGoals', 'gameGoals'),
  game('/game/stats', 'gameStats', 'gameStats'),
  game('/game/activity', 'gameActivity', 'gameActivity'),
  game('/game/leaderboard', 'gameLeaderboard', 'gameLeaderboard'),
  setup('/game/setup/profile', { openToGuests: true }),
  setup('/game/setup/goal', { openToGuests: true }),
  setup('/game/setup/auth', { openToGuests: true }),
  setup('/game/setup/complete', { requiresLogin: true }),

  // Teams
  { path: '/team/management', page: 'teamManagement', kind: 'team', title: 'teamManagement', localized: true },
  { path: '/team/hr', page: 'teamHr', kind: 'team', title: 'teamHr', localized: true },
  { path: '/team/thank-you', page: 'teamThanks', kind: 'team', title: 'teamThanks', localized: true },
  redirect('/team', '/team/management', { localized: true }),

  // Products and landings
  { path: '/products', page: 'products', kind: 'products', title: 'products', localized: true },
  { path: '/products/13moons', page: 'products', kind: 'products', title: 'product13moons', localized: true },
  { path: '/products/:productId', page: 'products', kind: 'products', title: 'product', localized: true },
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
  admin('/admin/audit', 'adminAudit'),
  admin('/admin/privacy', 'adminPrivacy'),
  admin('/admin/outbox', 'adminOutbox'),
  admin('/admin/products', 'adminProducts'),
  admin('/admin/analytics', 'adminAnalytics'),
  admin('/admin/stats/users', 'adminStatsUsers'),
  admin('/admin/stats/email/overview', 'adminStatsEmail'),
  admin('/admin/stats/clicks', 'adminStatsClicks'),
  admin('/admin/referrals', 'adminReferrals'),
  admin('/admin/referrals/referrer/:referrerId/:source', 'adminReferrer'),
  { ...admin('/admin/game/preview', 'adminGamePreview'), page: 'adminGamePreview' },
  admin('/abtests', 'adminAbTests'),
  admin('/advanced', 'adminAdvanced'),
  admin('/charts', 'adminCharts'),
  admin('/telegram-clicks', 'adminTelegramClicks'),
  admin('/payments', 'adminPayments'),
  admin('/subscriptions', 'adminSubscriptions'),
  admin('/promocodes', 'adminPromocodes'),
  admin('/comments', 'adminComments'),
  admin('/admin/testimonials', 'adminTestimonials'),
  admin('/debug/process', 'adminDebugProcess'),
  admin('/debug-language-routes', 'adminDebugLanguageRoutes'),
  admin('/education/notebook', 'adminEducationNotebook'),
  redirect('/stats', '/admin/stats/users'),
  redirect('/admin/stats', '/admin/stats/users'),
  redirect('/cycles/stats', '/admin/stats/users'),
  redirect('/admin/stats/email', '/admin/stats/email/overview'),

  // Hidden test routes
  test('/test/modular-routes', 'devRoutes', 'testRoutes'),
  test('/seo-test', 'devSeo', 'testSeo'),
  test('/test-language-routes', 'devLanguageRoutes', 'testLanguageRoutes'),
  test('/test-translations', 'devTranslations', 'testTranslations'),
  test('/test-hmr-translations', 'devHotTranslations', 'testTranslations'),
  test('/test/pricewall', 'devPricewall', 'testPricewall'),
  test('/test-no-prefix', 'devNoPrefix', 'testNoPrefix'),
  { path: '/test/glyphs', page: 'glyphs', kind: 'test', title: 'testGlyphs', hidden: true },

  // Education
  { path: '/education', page: 'education', kind: 'education', title: 'education', localized: true },
  { path: '/education/courses', page: 'education', kind: 'education', title: 'education', localized: true },
  {
    path: '/education/courses/intro',
    page: 'educationCourse',
    kind: 'education',
    title: 'courseIntro',
    localized: true,
  },
  redirect('/education/courses/13-days', '/education/courses/13-days/lesson/intro', { localized: true }),
  lesson('/education/courses/13-days/lesson/intro'),
  lesson('/education/courses/13-days/lesson/lesson-1'),
  lesson('/education/courses/subscription/lesson/:lessonId'),
  {
    path: '/education/courses/:courseId',
    page: 'educationCourse',
    kind: 'education',
    title: 'course',
    localized: true,
  },
  lesson('/education/courses/:courseId/lesson/:lessonSlug'),
  {
    path: '/education/subscription-required',
    page: 'educationSubscriptionRequired',
    kind: 'education',
    title: 'subscriptionRequired',
    localized: true,
  },
  { path: '/education/progress', page: 'educationProgress', kind: 'education', title: 'progress', localized: true },
];

/** Kinds of page a search engine has nothing to find on: the start page's redirect, forms, personal and admin pages. */
const UNINDEXED_KINDS: ReadonlySet<PageKind> = new Set([
  'home',
  'auth',
  'checkout',
  'setup',
  'admin',
  'test',
  'account',
]);
/**
 * Public pages that only make sense to one reader at one moment, and bare paths that send the reader on to today's
 * date or tone at once.
 */
const UNINDEXED_PATHS: ReadonlySet<string> = new Set([
  '/context',
  '/process',
  '/plasma',
  '/dash/stats',
  '/team/thank-you',
  '/education/progress',
  '/education/subscription-required',
]);

/** A path up to its first required parameter, as a robots.txt rule matches it; an optional last one dropped. */
const staticPart = (path: string) => path.replace(/\/:\w+\?$/, '').replace(/\/:.*$/, '') || '/';

/**
 * The public pages, without their language prefix, as the sitemap lists them in every language: the pages open to a
 * guest that are not forms, redirects or developer pages; a page with an optional parameter by its bare path.
 */
export function indexablePaths(): string[] {
  const paths = ROUTES.filter(
    (route) =>
      route.page &&
      route.localized &&
      !route.redirect &&
      !route.requiresLogin &&
      !route.adminOnly &&
      !route.gameAccess &&
      !route.hidden &&
      !route.server &&
      !UNINDEXED_KINDS.has(route.kind) &&
      !/:\w+(?!\?)/.test(route.path.replace(/:\w+\?$/, '')),
  )
    .map((route) => staticPart(route.path))
    .filter((path) => !UNINDEXED_PATHS.has(path));
  return [...new Set(paths)];
}

/** The pages behind sign-in, by the part of their path before any parameter: robots.txt keeps crawlers out of them. */
export function closedPaths(): { path: string; localized: boolean }[] {
  const closed = ROUTES.filter((route) => route.requiresLogin || route.adminOnly || route.gameAccess).map((route) => ({
    path: staticPart(route.path),
    localized: route.localized === true,
  }));
  return closed.filter((item, index) => closed.findIndex((other) => other.path === item.path) === index);
}

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
