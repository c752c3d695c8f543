import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransformObject, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppConfig, generateVapidKeys } from './config.ts';
import type { Database } from './db/client.ts';
import { createCacheRegistry } from './lib/caches.ts';
import { errorBody, registerErrorHandling } from './lib/errors.ts';
import {
  capConnectionsPerAddress,
  DEFAULT_HTTP_LIMITS,
  type HttpLimits,
  httpServerOptions,
} from './lib/http-limits.ts';
import { rejectDeepBodies } from './lib/json-limits.ts';
import { createMetrics, type Metrics } from './lib/metrics.ts';
import { describeOperation } from './lib/openapi.ts';
import { registerRequestLog, requestLogger, requestSerializer } from './lib/request-log.ts';
import { startScheduler } from './lib/scheduler.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { createSharedRateLimiter } from './lib/shared-rate-limit.ts';
import { validatorCompiler } from './lib/validation.ts';
import { appVersion } from './lib/version.ts';
import { adminRoutes } from './modules/admin/routes/index.ts';
import { passwordVerifications } from './modules/auth/passwords.ts';
import { createAuthRepository } from './modules/auth/repository.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { authenticateBeforeValidation, sessionHooks } from './modules/auth/session.ts';
import { calendarRoutes } from './modules/calendar/routes.ts';
import { cardRoutes } from './modules/cards/routes.ts';
import { createCardService } from './modules/cards/service.ts';
import { commentRoutes } from './modules/comments/routes.ts';
import { compatRoutes } from './modules/compat/routes.ts';
import { createCompatService } from './modules/compat/service.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { createCrmAdapter } from './modules/crm/adapter.ts';
import { crmRoutes } from './modules/crm/routes.ts';
import { type CrmService, createCrmService } from './modules/crm/service.ts';
import { crmViewRoutes } from './modules/crm/views.ts';
import { cyclesRoutes } from './modules/cycles/routes.ts';
import { createCyclesService } from './modules/cycles/service.ts';
import { educationRoutes } from './modules/education/routes.ts';
import { emailTopicRoutes } from './modules/email-topics/routes.ts';
import { createEmailTopicService, type EmailTopicService } from './modules/email-topics/service.ts';
import { experimentRoutes } from './modules/experiments/routes.ts';
import { feedRoutes } from './modules/feed/routes.ts';
import { createFeedService } from './modules/feed/service.ts';
import { gameRoutes } from './modules/game/routes.ts';
import { createGameService } from './modules/game/service.ts';
import { debugRoutes } from './modules/insights/debug.ts';
import { adminNotebookRoutes } from './modules/insights/notebook.ts';
import { adminReferralRoutes } from './modules/insights/referrals.ts';
import { createInsightsRepository } from './modules/insights/repository.ts';
import { insightsRoutes, registerBotLinks } from './modules/insights/routes.ts';
import { createInsightsService } from './modules/insights/service.ts';
import { createSettingsService } from './modules/insights/settings.ts';
import { journalRoutes } from './modules/journal/routes.ts';
import { createJournalService } from './modules/journal/service.ts';
import { letterRoutes } from './modules/letters/routes.ts';
import { createLetterService, type LetterService } from './modules/letters/service.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { mailingInterestRoutes } from './modules/mailing/interest.ts';
import { mailingRoutes } from './modules/mailing/routes.ts';
import { createMailingService, type MailingService } from './modules/mailing/service.ts';
import { createPayments, type Payments } from './modules/payments/index.ts';
import { purchaseRoutes } from './modules/payments/purchases.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { createPrivacyService, type PrivacyService } from './modules/privacy/service.ts';
import { productRoutes } from './modules/products/routes.ts';
import { createProductService } from './modules/products/service.ts';
import { promoRoutes } from './modules/promo/routes.ts';
import { createPromoService } from './modules/promo/service.ts';
import { registerPublicApi } from './modules/public-api/index.ts';
import { referralRoutes, registerReferralLanding } from './modules/referrals/routes.ts';
import { createReferralService, type ReferralService } from './modules/referrals/service.ts';
import { createPushService } from './modules/reminders/push.ts';
import { reminderRoutes } from './modules/reminders/routes.ts';
import { startReminderScheduler } from './modules/reminders/scheduler.ts';
import { createReminderService, type ReminderService } from './modules/reminders/service.ts';
import { createDrawingPool, type DrawingPool } from './modules/share/pool.ts';
import { shareRoutes } from './modules/share/routes.ts';
import { createShareService } from './modules/share/service.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';

import { createSubscriptionService, type SubscriptionService } from './modules/subscriptions/service.ts';
import { viewRoutes } from './modules/subscriptions/views.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { teamRoutes } from './modules/teams/routes.ts';
import { createTeamService } from './modules/teams/service.ts';
import { createTelegram, type Telegram } from './modules/telegram/index.ts';
import { telegramRoutes } from './modules/telegram/routes.ts';
import { telemetryRoutes } from './modules/telemetry/routes.ts';
import { registerTestimonialFiles, testimonialRoutes } from './modules/testimonials/routes.ts';
import { createTestimonialService } from './modules/testimonials/service.ts';
import { userRoutes } from './modules/users/routes.ts';
import { registerContentFiles, registerWebApp } from './web.ts';

export interface AppOptions {
  database: Database;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  /**
   * The number of reverse proxies in front of the server: the client address is read that many hops from the
   * right of X-Forwarded-For (0: the socket's address; never every entry, which a client could write itself).
   */
  trustProxy?: number;
  /** Close the database when the app closes (main.ts: yes; tests that share one database: no). */
  closeDatabase?: boolean;
  /** The clock; tests move it to expire tokens and throttling windows. */
  now?: () => Date;
  /** Time limits of requests and the connection cap per address (`lib/http-limits.ts` has the defaults). */
  httpLimits?: Partial<HttpLimits>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** The metrics of GET /api/metrics; a part with a figure of its own adds it with `metrics.registerGauge`. */
    metrics: Metrics;
    /** Subscriptions; tests run `subscriptions.runDue()` themselves instead of waiting for the scheduler. */
    subscriptions: SubscriptionService;
    /** Orders, notifications and renewals; tests run `payments.runDue()` instead of waiting for the scheduler. */
    payments: Payments;
    /** Reminders; tests run `reminders.runDue(at)` themselves with a moved clock. */
    reminders: ReminderService;
    /** Referrals; tests run `referrals.runDue()` themselves, as the scheduler would. */
    referrals: ReferralService;
    /** Email topics: the senders of a topic's letters ask `allows` or `recipients` before anything goes out. */
    emailTopics: EmailTopicService;
    /** The CRM connection; code that talks to the CRM asks `crm.accessToken()`. */
    crm: CrmService;
    /** The mailing lists (double opt-in, one-click unsubscribe links). */
    mailing: MailingService;
    /** Administrators' letters to a topic's readers; tests run `letters.runDue()` instead of the scheduler. */
    letters: LetterService;
    /** The share-image drawing threads; the metrics read their load. */
    drawingPool: DrawingPool;
    /** Data exports and account deletions; tests run `privacy.runDue()` with a moved clock. */
    privacy: PrivacyService;
    /** The Telegram bot; tests wait for `telegram.idle()` after a webhook call. */
    telegram: Telegram;
  }
}

const INTERNAL_PATH = /^\/api\/(admin|debug)\//;

/** The API description without the operations of administrators and the debugging ones. */
function withoutInternalOperations(spec: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const paths = Object.fromEntries(
    Object.entries((spec.paths ?? {}) as Record<string, unknown>).filter(([path]) => !INTERNAL_PATH.test(path)),
  );
  return { ...spec, paths };
}

/** The logger's options with the request serializer that redacts secrets from addresses. */
function withRedactedRequests(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestSerializer } };
}

/** The Fastify instance of the product, used by main.ts and by the tests through inject or a real port. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { database, config } = options;
  const now = options.now ?? (() => new Date());
  const httpLimits = { ...DEFAULT_HTTP_LIMITS, ...options.httpLimits };
  const proxies = options.trustProxy ?? 0;
  const logger = withRedactedRequests(options.logger);
  const app = Fastify({
    ...httpServerOptions(httpLimits),
    logger,
    // One line per request, with its secrets redacted, from registerRequestLog instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A request's own child logger is made only when the request logs something of its own.
    ...(logger ? { childLoggerFactory: requestLogger } : {}),
    bodyLimit: 1024 * 1024,
    // proxy-addr counts hops from the socket: hop 0 is the proxy that connected, so n proxies are hops 0 to n-1.
    // Without proxies the client is the socket's address, which Fastify reads directly when trusting none.
    trustProxy: proxies > 0 ? (_address: string, hop: number) => hop < proxies : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors raised before routing (a malformed URL, a path parameter over the length limit).
    frameworkErrors: (error, _request, reply) => {
      (reply as FastifyReply)
        .status(400)
        .send(errorBody('VALIDATION_ERROR', `The address is not valid: ${error.message}`));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestLog(app, options.logger);
  registerSecurityHeaders(app, { webDistDir: config.webDistDir, publicUrl: config.publicUrl });
  capConnectionsPerAddress(app.server, httpLimits.maxConnectionsPerAddress);
  app.addHook('preValidation', rejectDeepBodies);
  app.addHook('onRoute', authenticateBeforeValidation);
  app.decorateRequest('session', null);

  const metrics = createMetrics({ db: database.db, pool: () => database.poolStats?.() ?? null });
  app.decorate('metrics', metrics);
  metrics.instrument(app);
  metrics.route(app, config.metricsToken);
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.decorate('mailer', mailer);
  const authRepository = createAuthRepository(database.db);
  const registrations = createSharedRateLimiter(database.db, {
    name: 'registrations',
    limit: config.registrationsPerAddressPerHour,
    windowMs: 3_600_000,
    now,
  });
  const auth = createAuthService({
    repo: authRepository,
    config,
    mailer,
    now,
    registrations,
    // The embedded database is a local or demo one, whose demo and offline test accounts are meant to be made.
    reserveDemoAddresses: database.kind !== 'pglite',
  });
  const subscriptions = createSubscriptionService(database.db, now);
  const testimonials = createTestimonialService({ db: database.db, now });
  app.decorate('subscriptions', subscriptions);
  const referrals = createReferralService({
    db: database.db,
    subscriptions,
    now,
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
    // A payment of the built-in test provider moves no money: in production it earns no reward.
    rewardTestPayments: !config.production,
    rewardsPerMonth: async () => (await settings.read()).settings.referralRewardsPerMonth,
  });
  app.decorate('referrals', referrals);
  const mailing = createMailingService({
    db: database.db,
    mailer,
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
    now,
    // An address that leaves a language list by its one-click link withdraws its owner's topics of that list.
    onUnsubscribe: (email, interest) => topics.withdrawList(email, interest),
  });
  const topics = createEmailTopicService({ db: database.db, mailing, now });
  app.decorate('emailTopics', topics);
  const letters = createLetterService({ db: database.db, mailer, mailing, topics, now });
  app.decorate('letters', letters);
  const crm = createCrmService({
    db: database.db,
    adapter: createCrmAdapter(config.crm),
    secret: config.jwtSecret,
    now,
  });
  app.decorate('crm', crm);
  app.decorate('mailing', mailing);
  // A new account brought by a referral link (its cookie) is recorded as the referrer's sign-up.
  const onSignUp = (userId: string, cookie: string | undefined, ip: string) =>
    referrals.attributeSignUp(userId, cookie, ip).catch((error: unknown) => {
      app.log.warn({ err: error }, 'a referral could not be recorded at sign-up');
      return false;
    });
  const caches = createCacheRegistry();
  const products = createProductService(database.db, () => now().getTime());
  caches.register('products', products.clearCache);
  const payments = createPayments({
    db: database.db,
    config: config.payments ?? { testProvider: true },
    products,
    mailer,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    now,
    log: app.log,
  });
  app.decorate('payments', payments);
  // Share images are drawn on their own threads, never on the thread that answers requests.
  const drawingPool = createDrawingPool(config.shareDrawing);
  app.decorate('drawingPool', drawingPool);
  metrics.registerCounter(
    'hunab_password_verifications_total',
    'Password hashes verified by this process (sign-ins, unknown emails against the decoy, re-entered passwords)',
    passwordVerifications,
  );
  metrics.registerGauge(
    'hunab_share_drawings_queued',
    'Share images waiting for a drawing thread',
    () => drawingPool.load().queued,
  );
  metrics.registerGauge(
    'hunab_share_drawings_running',
    'Share images being drawn now',
    () => drawingPool.load().drawing,
  );
  const cards = createCardService({ db: database.db, now });
  const push = createPushService({
    db: database.db,
    vapid: config.vapid ?? { ...generateVapidKeys(), subject: 'mailto:no-reply@hunab.local' },
    allowLocal: config.pushAllowLocal,
  });
  const telegram = createTelegram({
    db: database.db,
    config: config.telegram,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
    auth,
    subscriptions,
    cards,
    reminders: () => reminders,
  });
  app.decorate('telegram', telegram);
  const reminders = createReminderService({
    db: database.db,
    users: authRepository,
    cards,
    mailer,
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
    now,
    push: push.delivery,
    ...(telegram.enabled ? { telegram: telegram.delivery } : {}),
    topics,
  });
  app.decorate('reminders', reminders);
  const insights = createInsightsService({
    db: database.db,
    repo: createInsightsRepository(database.db),
    now,
    redeliver: (ids) => mailer.redeliver(ids),
  });
  const settings = createSettingsService(database.db, now);
  const privacy = createPrivacyService({
    db: database.db,
    mailer,
    subscriptions,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
    prepareAtOnce: config.schedulerIntervalMs > 0,
    ownerEmail: config.ownerEmail,
  });
  app.decorate('privacy', privacy);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Hunab API', version: appVersion, description: 'The API of the Hunab web and mobile apps.' },
      servers: [{ url: config.publicUrl, description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: describeOperation,
    // Named schemas (a comment, which holds its replies) become components the paths refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Administrators read every operation; everyone else the public ones, without the admin and debug tools.
    // The document differs by who asks, so no cache may give one reader's copy to another.
    uiHooks: {
      onRequest: (_request, reply, done) => {
        reply.header('vary', 'Authorization');
        done();
      },
      preHandler: sessionHooks(auth).optional,
    },
    transformSpecification: (spec, request) => (request.session?.user.isAdmin ? spec : withoutInternalOperations(spec)),
  });

  const startedAt = new Date();
  await app.register(
    async (api) => {
      await api.register(systemRoutes, {
        database,
        auth,
        startedAt,
        webDistDir: config.webDistDir,
        minAppVersion: config.minAppVersion,
      });
      await api.register(calendarRoutes, { caches });
      await api.register(authRoutes, { auth, onSignUp });
      await api.register(userRoutes, { auth });
      await api.register(telemetryRoutes, { db: database.db, auth });
      await api.register(contentRoutes, {
        db: database.db,
        auth,
        subscriptions,
        now,
        secureCookies: config.publicUrl.startsWith('https:'),
      });
      await api.register(subscriptionRoutes, { db: database.db, auth, subscriptions, now });
      await api.register(viewRoutes, { db: database.db, auth, subscriptions, now });
      await api.register(promoRoutes, { auth, promo: createPromoService({ db: database.db, now }) });
      await api.register(mailingInterestRoutes, { db: database.db, auth, now, onSignUp, mailing });
      await api.register(purchaseRoutes, { db: database.db, auth, now });
      await api.register(crmViewRoutes, { db: database.db, auth, now });
      await api.register(mailingRoutes, { mailing });
      await api.register(emailTopicRoutes, { auth, topics });
      await api.register(crmRoutes, { auth, crm });
      await api.register(referralRoutes, { auth, referrals });
      await api.register(cardRoutes, { auth, cards });
      await api.register(feedRoutes, {
        auth,
        feeds: createFeedService({ db: database.db, auth, cards, publicUrl: config.publicUrl, now }),
      });
      await api.register(commentRoutes, { db: database.db, auth, now });
      await api.register(productRoutes, { auth, products, caches });
      await api.register(paymentRoutes, {
        db: database.db,
        auth,
        payments: payments.payments,
        providers: payments.providers,
        testProvider: payments.testProvider,
        kick: payments.kick,
      });
      await api.register(teamRoutes, {
        auth,
        teams: createTeamService({ db: database.db, mailer, publicUrl: config.publicUrl, now }),
        now,
      });
      await api.register(gameRoutes, { auth, game: createGameService({ db: database.db, subscriptions, now }), now });
      await api.register(shareRoutes, { share: createShareService(drawingPool) });
      await api.register(compatRoutes, { auth, compat: createCompatService({ db: database.db, subscriptions }) });
      await api.register(cyclesRoutes, { auth, cycles: createCyclesService({ subscriptions }), now });
      await api.register(testimonialRoutes, { db: database.db, auth, testimonials, now });
      await api.register(educationRoutes, { db: database.db, auth, subscriptions, now });
      await api.register(journalRoutes, {
        auth,
        journal: createJournalService({ db: database.db, subscriptions, now }),
      });
      await api.register(reminderRoutes, { auth, reminders, push });
      await api.register(telegramRoutes, {
        auth,
        telegram,
        reminders,
        webhookSecret: config.telegram?.webhookSecret,
        kick: telegram.kick,
      });
      await api.register(insightsRoutes, { auth, insights, settings, crmConfigured: crm.configured });
      await api.register(debugRoutes, { db: database.db, auth, subscriptions });
      await api.register(adminReferralRoutes, { db: database.db, auth, insights, now });
      await api.register(adminRoutes, {
        db: database.db,
        auth,
        subscriptions,
        now,
        privacy,
        clearProducts: () => caches.clear('products'),
        ownerEmail: config.ownerEmail,
        smtpConfigured: Boolean(config.smtpUrl),
      });
      await api.register(privacyRoutes, { db: database.db, auth, privacy, now });
      await api.register(adminNotebookRoutes, { db: database.db, auth, insights });
      await api.register(experimentRoutes, { db: database.db, auth, insights });
      await api.register(letterRoutes, { auth, letters, insights });
    },
    { prefix: '/api' },
  );

  await registerPublicApi(app, { publicUrl: config.publicUrl, now });
  registerTestimonialFiles(app, testimonials);
  await registerContentFiles(app, config.contentDir);
  registerReferralLanding(app, referrals, config.publicUrl.startsWith('https:'));
  registerBotLinks(app, insights, settings, () => telegram.username());
  await registerWebApp(app, config.webDistDir, { renderPages: config.renderPages, publicUrl: config.publicUrl });

  const scheduler = startScheduler(
    app,
    [
      { name: 'subscriptions', run: () => subscriptions.runDue() },
      { name: 'payments', run: () => payments.runDue() },
      { name: 'referral rewards', run: () => referrals.runDue(now()) },
      { name: 'topic letters', run: () => letters.runDue() },
      { name: 'data rights', run: () => privacy.runDue() },
      { name: 'telegram updates', run: () => telegram.runDue() },
    ],
    config.schedulerIntervalMs,
    metrics.jobRan,
  );
  const reminderScheduler = startReminderScheduler(app, reminders, config.schedulerIntervalMs);
  // A running server (not the tests, whose scheduler is off) polls Telegram or tells it where the webhook is.
  if (telegram.enabled && config.schedulerIntervalMs > 0) {
    app.addHook('onReady', async () => {
      if (config.telegram?.polling) telegram.startPolling();
      else if (config.publicUrl.startsWith('https://')) {
        telegram.registerWebhook().catch((error: unknown) => app.log.warn({ err: error }, 'setWebhook failed'));
      }
    });
  }
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await reminderScheduler.stop();
    await telegram.stop();
    await payments.idle();
    await privacy.idle();
    await mailer.close();
    await drawingPool.close();
    if (options.closeDatabase) await database.close();
  });
  return app;
}
