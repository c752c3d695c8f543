import {
  type AdminPaymentRow,
  adminOrderParamsSchema,
  adminPaymentDetailResponseSchema,
  adminPaymentsQuerySchema,
  adminPaymentsResponseSchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../../lib/errors.ts';
import type { PaymentListRow, PaymentRepository } from '../repository/payments.ts';
import { type AdminSection, type CsvExport, errors, iso, pageOf, pageOrCsv, tags } from './section.ts';

const toPaymentRow = (row: PaymentListRow) => ({
  id: row.id,
  user_id: row.userId,
  user_email: row.userEmail,
  product_id: row.productId,
  kind: row.kind,
  status: row.status,
  amount: row.amount,
  refunded_amount: row.refundedAmount,
  currency: row.currency,
  provider: row.provider,
  provider_payment_id: row.providerPaymentId,
  promo_code: row.promoCode,
  created_at: row.createdAt.toISOString(),
  paid_at: iso(row.paidAt),
});

const PAYMENTS_CSV: CsvExport<AdminPaymentRow> = {
  name: 'payments',
  columns: [
    ['id', (r) => r.id],
    ['created_at', (r) => r.created_at],
    ['paid_at', (r) => r.paid_at],
    ['user', (r) => r.user_email],
    ['product', (r) => r.product_id],
    ['kind', (r) => r.kind],
    ['status', (r) => r.status],
    ['amount_minor', (r) => r.amount],
    ['refunded_minor', (r) => r.refunded_amount],
    ['currency', (r) => r.currency],
    ['provider', (r) => r.provider],
    ['provider_payment_id', (r) => r.provider_payment_id],
    ['promo_code', (r) => r.promo_code],
  ],
};

/** Payments: every order with its buyer, and one order's timeline. */
export const adminPaymentRoutes: FastifyPluginAsyncZod<AdminSection & { repo: PaymentRepository }> = async (
  app,
  { guard, repo },
) => {
  app.get(
    '/admin/payments',
    {
      schema: {
        summary: 'Every payment (order), by status, provider, user and dates (administrators only)',
        tags,
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentsResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await repo.listPayments(
        { status: query.status, provider: query.provider, user: query.user, from: query.from, to: query.to },
        query.sort,
        query.order,
        pageOf(query),
      );
      return pageOrCsv(reply, query, { data: rows.map(toPaymentRow), total }, PAYMENTS_CSV);
    },
  );

  app.get(
    '/admin/payments/:id',
    {
      schema: {
        summary: "One payment with its order's timeline",
        tags,
        params: adminOrderParamsSchema,
        response: { 200: adminPaymentDetailResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const found = await repo.payment(request.params.id);
      if (!found) throw new ApiError(404, 'ORDER_NOT_FOUND', 'There is no such order.');
      return {
        success: true as const,
        data: {
          payment: toPaymentRow(found.row),
          events: found.events.map((event) => ({
            id: event.id,
            type: event.type,
            from_status: event.fromStatus,
            to_status: event.toStatus,
            actor: event.actor,
            data: event.data,
            at: event.at.toISOString(),
          })),
        },
      };
    },
  );
};
