import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRateLimiter, limitOrThrow } from '../../../lib/rate-limit.ts';
import type { AuthService } from '../../auth/service.ts';
import { sessionHooks, sessionOf } from '../../auth/session.ts';
import type { PlanDeps } from '../../subscriptions/service.ts';
import { createAuditRepository } from '../repository/audit.ts';
import { createCommentRepository } from '../repository/comments.ts';
import { createOutboxRepository } from '../repository/outbox.ts';
import { createPaymentRepository } from '../repository/payments.ts';
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
import { adminProductRoutes } from './products.ts';
import { adminPromoCodeRoutes } from './promo-codes.ts';
import type { AdminSection } from './section.ts';
import { adminSubscriptionRoutes } from './subscriptions.ts';
import { adminUserRoutes } from './users.ts';

export interface AdminDeps extends PlanDeps {
  auth: AuthService;
  /** Empties the products cache of this process after a catalogue change. */
  clearProducts: () => void;
  /** With a mail server, letters leave by mail and the outbox page answers 404. */
  smtpConfigured: boolean;
}

/**
 * The admin area (docs/decisions/030-admin-area.md), one plugin per section as the admin pages have them; thin:
 * the rules are in service/, the queries in repository/.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (
  app,
  { db, auth, subscriptions, now, clearProducts, smtpConfigured },
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
    users: createUserAdmin({ db, repo: users, auth, now }),
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
  await app.register(adminPromoCodeRoutes, { ...section, repo: createPromoCodeRepository(db) });
  const products = createProductRepository(db);
  await app.register(adminProductRoutes, {
    ...section,
    repo: products,
    catalogue: createProductAdmin({ db, repo: products, now, clearProducts }),
  });
  await app.register(adminOutboxRoutes, { ...section, db, repo: createOutboxRepository(db), smtpConfigured });
};
