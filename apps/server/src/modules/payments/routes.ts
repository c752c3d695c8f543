import {
  errorBodySchema,
  langQuerySchema,
  orderCreateBodySchema,
  orderParamsSchema,
  orderQuerySchema,
  orderResponseSchema,
  PAYMENT_PROVIDERS,
  type PaymentProviderId,
  paymentsListResponseSchema,
  refundBodySchema,
  storableJson,
  testPaymentParamsSchema,
  testPaymentResponseSchema,
} from '@hunab/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { ApiError, errorResponses } from '../../lib/errors.ts';
import { jsonWithin } from '../../lib/json-limits.ts';
import { createRateLimiter, limitOrThrow } from '../../lib/rate-limit.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks, sessionOf } from '../auth/session.ts';
import type { createTestProvider } from './providers/test.ts';
import type { PaymentProvider } from './providers/types.ts';
import type { PaymentService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404);
const NOTIFICATION_BODY_LIMIT = 64 * 1024;
const NOTIFICATION_DEPTH_LIMIT = 16;

/**
 * Checkout and payments: orders, the buyer's payment history, the providers' notifications, the built-in test
 * provider's page calls and the administrators' refunds (docs/decisions/022-commerce.md).
 */
export const paymentRoutes: FastifyPluginAsyncZod<{
  db: Db;
  auth: AuthService;
  payments: PaymentService;
  providers: Map<PaymentProviderId, PaymentProvider>;
  testProvider: ReturnType<typeof createTestProvider> | null;
  kick: () => void;
}> = async (app, { db, auth, payments, providers, testProvider, kick }) => {
  const session = sessionHooks(auth);
  const orderLimit = createRateLimiter({ limit: 10, windowMs: 60_000 });
  const testLimit = createRateLimiter({ limit: 30, windowMs: 60_000 });

  app.post(
    '/orders',
    {
      schema: {
        summary: 'Create an order for a product or a plan and its payment; answers where to confirm it',
        tags: ['payments'],
        security: [{ bearer: [] }],
        body: orderCreateBodySchema,
        response: {
          201: orderResponseSchema,
          409: errorBodySchema,
          429: errorBodySchema,
          502: errorBodySchema,
          ...errors,
        },
      },
      // The session is checked before the body is read: a guest learns nothing of the order's shape.
      preValidation: [session.required, async (request) => limitOrThrow(orderLimit, sessionOf(request).user.id)],
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const created = await payments.createOrder(
        { id: user.id, email: user.email, lang: user.lang ?? 'ru' },
        request.body,
      );
      return reply
        .status(201)
        .send({ success: true as const, data: { order: created.order, confirmation_url: created.confirmationUrl } });
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        summary: 'An order with its product, amount, status, provider, payer and timeline (its buyer or an admin)',
        tags: ['payments'],
        security: [{ bearer: [] }],
        params: orderParamsSchema,
        querystring: orderQuerySchema,
        response: { 200: orderResponseSchema, ...errors },
      },
      preValidation: session.required,
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      reply.header('cache-control', 'private, no-store');
      const found = await payments.order(request.params.id, user, Boolean(request.query.refresh));
      return { success: true as const, data: { order: found.order, confirmation_url: found.confirmationUrl } };
    },
  );

  app.get(
    '/payments',
    {
      schema: {
        summary: "The signed-in user's payments, newest first",
        tags: ['payments'],
        security: [{ bearer: [] }],
        querystring: langQuerySchema,
        response: { 200: paymentsListResponseSchema, ...errors },
      },
      preValidation: session.required,
    },
    async (request) => ({
      success: true as const,
      payments: await payments.payments(sessionOf(request).user.id, request.query.lang),
    }),
  );

  app.post(
    '/payments/webhooks/:provider',
    {
      bodyLimit: NOTIFICATION_BODY_LIMIT,
      schema: {
        summary: 'A payment provider’s notification: checked, kept once per event, processed in the background',
        tags: ['payments'],
        params: z.strictObject({ provider: z.enum(PAYMENT_PROVIDERS) }),
        body: z.record(z.string(), z.unknown()),
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const provider = providers.get(request.params.provider);
      if (!provider) throw new ApiError(404, 'NOT_FOUND', 'This payment provider is not configured here.');
      if (!jsonWithin(request.body, NOTIFICATION_DEPTH_LIMIT)) {
        throw new ApiError(400, 'VALIDATION_ERROR', 'The notification nests too deeply.');
      }
      let verified: Awaited<ReturnType<PaymentProvider['verifyNotification']>> = null;
      try {
        verified = await provider.verifyNotification({ headers: request.headers, body: request.body, ip: request.ip });
      } catch (error) {
        request.log.warn({ err: error }, 'a payment notification could not be verified');
      }
      if (!verified) {
        request.log.warn({ provider: provider.id, ip: request.ip }, 'a payment notification was rejected');
        throw new ApiError(403, 'NOTIFICATION_REJECTED', 'This notification could not be verified.');
      }
      await payments.receive(provider.id, verified.eventId, verified.paymentId, storableJson(request.body));
      kick();
      return { success: true as const };
    },
  );

  app.post(
    '/admin/payments/:id/refund',
    {
      schema: {
        summary: 'Refund a paid order in full or in part; a full refund takes back its access (administrators only)',
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: orderParamsSchema,
        body: refundBodySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ order: orderResponseSchema.shape.data.shape.order }),
          }),
          409: errorBodySchema,
          502: errorBodySchema,
          ...errors,
        },
      },
      preValidation: [session.required, session.admin],
    },
    async (request) => {
      const order = await payments.refund(request.params.id, sessionOf(request).user, request.body);
      return { success: true as const, data: { order } };
    },
  );

  if (!testProvider) return;
  const test = testProvider;

  /** The test payment of an order of the signed-in buyer; anything else reads as missing. */
  async function ownTestPayment(id: string, userId: string) {
    const payment = await test.read(id);
    if (!payment) throw new ApiError(404, 'NOT_FOUND', 'There is no such test payment.');
    const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, payment.orderId));
    if (!order || order.userId !== userId) throw new ApiError(404, 'NOT_FOUND', 'There is no such test payment.');
    return payment;
  }

  const toTestDto = (row: NonNullable<Awaited<ReturnType<typeof test.read>>>) => ({
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    description: row.description,
    status: row.status,
    return_url: row.returnUrl,
    save_payment_method: row.savePaymentMethod,
    refunded_amount: row.refundedAmount,
  });

  app.get(
    '/payments/test-provider/:id',
    {
      schema: {
        summary: 'A payment of the built-in test provider, for its Pay / Decline page (the buyer only)',
        tags: ['payments'],
        security: [{ bearer: [] }],
        params: testPaymentParamsSchema,
        response: { 200: testPaymentResponseSchema, ...errors },
      },
      preValidation: session.required,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        payment: toTestDto(await ownTestPayment(request.params.id, sessionOf(request).user.id)),
      };
    },
  );

  for (const [action, outcome] of [
    ['pay', 'succeeded'],
    ['decline', 'canceled'],
  ] as const) {
    app.post(
      `/payments/test-provider/:id/${action}`,
      {
        schema: {
          summary: `${action === 'pay' ? 'Pay' : 'Decline'} a test payment; the test provider then notifies the webhook`,
          tags: ['payments'],
          security: [{ bearer: [] }],
          params: testPaymentParamsSchema,
          response: { 200: testPaymentResponseSchema, 429: errorBodySchema, ...errors },
        },
        preValidation: [session.required, async (request) => limitOrThrow(testLimit, sessionOf(request).user.id)],
      },
      async (request) => {
        const before = await ownTestPayment(request.params.id, sessionOf(request).user.id);
        const after = (await test.complete(before.id, outcome)) ?? before;
        if (after.status === outcome) {
          // The provider's side: a signed notification to the same webhook a real provider calls.
          const body = JSON.stringify({ event: `payment.${outcome}`, payment_id: after.id });
          const answer = await app.inject({
            method: 'POST',
            url: '/api/payments/webhooks/test',
            headers: { 'content-type': 'application/json', 'x-test-signature': test.sign(body) },
            payload: body,
          });
          if (answer.statusCode !== 200)
            request.log.error({ status: answer.statusCode }, 'the test notification failed');
        }
        return { success: true as const, payment: toTestDto(after) };
      },
    );
  }
};
