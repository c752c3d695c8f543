import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { dateTextSchema, languageSchema } from './calendar.ts';
import { PLAN_IDS } from './plans.ts';
import { safeText } from './text.ts';

/** Payment providers: YooKassa (RUB), PayPal (USD) and the built-in test provider (any currency). */
export const PAYMENT_PROVIDERS = ['yookassa', 'paypal', 'test'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];
/** Who took an order's money: a provider, or nobody for an order a 100 % promo code paid in full. */
export const ORDER_PROVIDERS = [...PAYMENT_PROVIDERS, 'free'] as const;
export const CURRENCIES = ['RUB', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'partially_refunded', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const i18nText = z.record(z.string(), z.string());

export const productSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    shortDescription: z.string(),
    longDescription: z.string(),
    highlights: z.array(z.string()),
    name_i18n: i18nText,
    usp_i18n: i18nText,
    descr_i18n: i18nText,
    descr_short_i18n: i18nText,
    description_long_i18n: i18nText,
    highlights_i18n: z.record(z.string(), z.array(z.string())),
    variation_name_i18n: i18nText,
    /** Major units, as the spec's clients read them; the minor units are in `prices`. */
    price_rub: z.number(),
    price_usd: z.number(),
    /** Integer minor units per currency: the amounts an order charges before a promo code. */
    prices: z.object({ RUB: z.number().int(), USD: z.number().int() }),
    show: z.boolean(),
    level: z.number().int(),
    days: z.number().int(),
    duration_days: z.number().int(),
    type: z.enum(['program', 'subscription']),
    plan_id: z.string().nullable(),
    currency: z.string(),
    is_active: z.boolean(),
    product_group: z.string(),
    is_parent: z.boolean(),
    parent_id: z.string().nullable(),
    variation_order: z.number().int(),
    recur: z.boolean(),
    availability_ru: z.boolean(),
    activation_date: z.string().nullable(),
    activation_type: z.string(),
    activation_color: z.string().nullable(),
    activation_cycle_number: z.number().int().nullable(),
    activation_cycle_name: z.string().nullable(),
    has_variations: z.boolean(),
    get variations() {
      return z.array(productSchema).optional();
    },
  })
  .meta({ id: 'Product' });
export type ProductDto = z.infer<typeof productSchema>;

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

export const productListQuerySchema = z.strictObject({
  include_variations: flag.optional(),
  parent_only: flag.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  category: safeText(60).optional(),
  search: safeText(100).optional(),
  lang: languageSchema.default('ru'),
});

export const productListResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
  message: z.string(),
});
export const productIdParamsSchema = z.strictObject({ id: z.string().trim().min(1).max(60) });
export const productResponseSchema = z.object({ success: z.literal(true), product: productSchema });
export const variationsResponseSchema = z.object({ success: z.literal(true), variations: z.array(productSchema) });
export const cacheClearResponseSchema = z.object({
  success: z.literal(true),
  clearedEntries: z.number().int(),
  message: z.string(),
});

/** The longest name a buyer may give for the receipt. */
export const BUYER_NAME_MAX = 120;

export const receiptSchema = z.strictObject({
  name: safeText(BUYER_NAME_MAX).trim().optional(),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, 'A phone number has 7 to 20 digits, spaces or dashes')
    .optional(),
});

export const orderCreateBodySchema = z
  .strictObject({
    product_id: z.string().trim().min(1).max(60).optional(),
    plan_id: z.enum(PLAN_IDS).optional(),
    promo_code: z
      .string()
      .trim()
      .max(40)
      .regex(/^[A-Za-z0-9_-]*$/, 'A promo code has letters, digits, - and _ only')
      .optional(),
    provider: z.enum(PAYMENT_PROVIDERS).optional(),
    source: safeText(60).optional(),
    lang: languageSchema.optional(),
    /** The buyer's consent to keep the payment method for renewals (subscriptions only). */
    save_payment_method: z.boolean().default(false),
    receipt: receiptSchema.optional(),
  })
  .refine((body) => Boolean(body.product_id) !== Boolean(body.plan_id), {
    message: 'Give either product_id or plan_id',
    path: ['product_id'],
  });
export type OrderCreateBody = z.infer<typeof orderCreateBodySchema>;

export const orderEventSchema = z.object({
  type: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  actor: z.string(),
  at: z.string(),
});

export const orderSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  kind: z.enum(['purchase', 'subscription', 'renewal']),
  status: z.enum(ORDER_STATUSES),
  /** Integer minor units. */
  amount: z.number().int(),
  list_amount: z.number().int(),
  currency: z.string(),
  promo_code: z.string().nullable(),
  discount_percentage: z.string().nullable(),
  provider: z.enum(ORDER_PROVIDERS),
  provider_payment_id: z.string().nullable(),
  payer_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  refunded_amount: z.number().int(),
  source: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  receipt_url: z.string().nullable(),
  events: z.array(orderEventSchema).optional(),
});
export type OrderDto = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ order: orderSchema, confirmation_url: z.string().nullable() }),
});
export const orderParamsSchema = z.strictObject({ id: z.uuid({ error: 'An order id is a UUID' }) });
export const orderQuerySchema = z.strictObject({
  /** Ask the provider for the payment's status first (the result pages do, once). */
  refresh: flag.optional(),
});
export const paymentsListResponseSchema = z.object({ success: z.literal(true), payments: z.array(orderSchema) });

export const refundBodySchema = z.strictObject({
  /** Minor units; the whole remaining amount when absent. */
  amount: z.number().int().positive().max(100_000_000).optional(),
  reason: safeText(500).trim().min(3, 'Say why the payment is refunded'),
});

export const testPaymentParamsSchema = z.strictObject({ id: z.uuid({ error: 'A payment id is a UUID' }) });
export const testPaymentSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  description: z.string(),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  return_url: z.string(),
  save_payment_method: z.boolean(),
  /** Minor units refunded through the test provider. */
  refunded_amount: z.number().int(),
});
export const testPaymentResponseSchema = z.object({ success: z.literal(true), payment: testPaymentSchema });

/** A programme the signed-in user bought (or was given): its dates, and where it stands on the reader's day. */
export const ownedProgrammeSchema = z.object({
  id: z.number().int(),
  /** The catalogue product ('13days', '260days', '13moons', a 13 Moons variation). */
  product_id: z.string(),
  name: z.string(),
  level: z.number().int(),
  days: z.number().int(),
  /** The first day (the Magnetic day a 13- or 260-day programme starts on), YYYY-MM-DD. */
  starts_on: z.string(),
  /** The last day included, YYYY-MM-DD. */
  ends_on: z.string(),
  state: z.enum(['upcoming', 'running', 'ended']),
  /** The day under way (1 on the first), null before the start and after the end. */
  day: z.number().int().nullable(),
  days_to_start: z.number().int(),
});
export type OwnedProgrammeDto = z.infer<typeof ownedProgrammeSchema>;
export const ownedProgrammesQuerySchema = z.strictObject({
  lang: languageSchema.default('ru'),
  /** The reader's own date (their time zone), within a day of the server's; the server's UTC date when absent. */
  today: dateTextSchema.optional(),
});
export const ownedProgrammesResponseSchema = z.object({
  success: z.literal(true),
  programmes: z.array(ownedProgrammeSchema),
});
