import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRateLimiter, limitOrThrow } from '../../../lib/rate-limit.ts';
import type { AuthService } from '../../auth/service.ts';
import { sessionHooks, sessionOf } from '../../auth/session.ts';
import type { PrivacyService } from '../../privacy/service.ts';
import type { PlanDeps } from '../../subscriptions/service.ts';
import { createAuditRepository } from '../repository/audit.ts';
import { createCommentRepository } from '../repository/comments.ts';
import { createOutboxRepository } from '../repository/outbox.ts';
import { createPaymentRepository } from '../repository/payments.ts';
import { createPrivacyRepository } from '../repository/privacy.ts';
import { createProductRepository } from '../repository/products.ts';
import { createPromoCodeRepository } from '../repository/promo-codes.ts';
import { createSubscriptionRepository } from '../repository/subscriptions.ts';
import { createUserRepository } from '../repository/users.ts';
import { createCommentModeration } from '../service/comments.ts';
import { createProductAdmin } from '../service/products.ts';
import { createUserAdmin } from '../service/users.ts';
import { adminAuditRoutes } from './audit.ts';
import { adminCommentRoutes } from './comments.ts';
import { adminOutboxRoutes } from './outbox.ts';
import { adminPaymentRoutes } from './payments.ts';
import { adminPrivacyRoutes } from './privacy.ts';
import { adminProductRoutes } from './products.ts';
import { adminPromoCodeRoutes } from './promo-codes.ts';
import type { AdminSection } from './section.ts';
import { adminSubscriptionRoutes } from './subscriptions.ts';
import { adminUserRoutes } from './users.ts';

export interface AdminDeps extends PlanDeps {
  auth: AuthService;
  /** Readers' data requests: the section lists them and runs an erasure an owner asked for by email. */
  privacy: PrivacyService;
  /** Empties the products cache of this process after a catalogue change. */
  clearProducts: () => void;
  /** The owner's address (ADMIN_EMAIL), if set. */
  ownerEmail?: string | undefined;
  /** With a mail server, letters leave by mail and the outbox page answers 404. */
  smtpConfigured: boolean;
}

/**
 * The admin area (docs/decisions/030-admin-area.md), one plugin per section as the admin pages have them; thin:
 * the rules are in service/, the queries in repository/.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (
  app,
  { db, auth, subscriptions, now, privacy, clearProducts, ownerEmail, smtpConfigured },
) => {
  const session = sessionHooks(auth);
  // Changes are cheap to make by mistake in a loop; one administrator makes at most this many a minute.
  const changes = createRateLimiter({ limit: 120, windowMs: 60_000 });
  const section: AdminSection = {
    session,
    guard: { preHandler: [session.required, session.admin] },
    changedBy(request: FastifyRequest) {
      const me = sessionOf(request);
      limitOrThrow(changes, me.user.id);
      return me;
    },
  };

  const users = createUserRepository(db);
  await app.register(adminUserRoutes, {
    ...section,
    repo: users,
    users: createUserAdmin({ db, repo: users, auth, now, ownerEmail }),
  });
  await app.register(adminAuditRoutes, { ...section, repo: createAuditRepository(db) });
  const comments = createCommentRepository(db);
  await app.register(adminCommentRoutes, {
    ...section,
    repo: comments,
    moderation: createCommentModeration({ db, repo: comments, now }),
  });
  await app.register(adminPaymentRoutes, { ...section, repo: createPaymentRepository(db) });
  await app.register(adminSubscriptionRoutes, { ...section, repo: createSubscriptionRepository(db), subscriptions });
  await app.register(adminPrivacyRoutes, { ...section, repo: createPrivacyRepository(db), privacy });
  await app.register(adminPromoCodeRoutes, { ...section, repo: createPromoCodeRepository(db) });
  const products = createProductRepository(db);
  await app.register(adminProductRoutes, {
    ...section,
    repo: products,
    catalogue: createProductAdmin({ db, repo: products, now, clearProducts }),
  });
  await app.register(adminOutboxRoutes, { ...section, db, repo: createOutboxRepository(db), smtpConfigured });
};
