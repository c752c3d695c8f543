import { LANGUAGES } from '@hunab/calendar';
import { z } from 'zod';
import { adminListQuerySchema, adminListResponseSchema } from './admin-lists.ts';
import { REGISTRATION_SOURCES } from './auth-rules.ts';
import { COMMENT_REPORT_NOTE_MAX, COMMENT_REPORT_REASONS } from './comment-rules.ts';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from './commerce.ts';
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from './plans.ts';
import { safeText } from './text.ts';

/** "true"/"false" in a query string. */
const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');
const searchText = safeText(200).trim();
const isoDate = z.iso.date({ error: 'A date is YYYY-MM-DD' });

/** Why an administrator changes something: required, short, stored with the audit row. */
export const adminReasonSchema = safeText(500).trim().min(3, 'Say why (at least 3 characters)');

export const adminIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'The id must be a UUID' }) });
export const adminNumericIdParamsSchema = z.strictObject({
  id: z.coerce.number({ error: 'The id must be a number' }).int().positive().max(Number.MAX_SAFE_INTEGER),
});

// Users

export const ADMIN_USER_SORTS = ['created_at', 'email', 'name', 'lang'] as const;
export const adminUsersQuerySchema = adminListQuerySchema.extend({
  sort: z.enum(ADMIN_USER_SORTS).default('created_at'),
  /** Part of the email or the name. */
  q: searchText.optional(),
  /** A plan id, or `none` for users without a current subscription. */
  plan: z.enum([...PLAN_IDS.filter((id) => id !== 'free'), 'none']).optional(),
  admin: queryFlag.optional(),
  verified: queryFlag.optional(),
  blocked: queryFlag.optional(),
  lang: z.enum(LANGUAGES).optional(),
  source: z.enum(REGISTRATION_SOURCES).optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  lang: z.string(),
  is_admin: z.boolean(),
  email_verified: z.boolean(),
  blocked: z.boolean(),
  registration_source: z.string(),
  plan_id: z.string().nullable(),
  subscription_status: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersResponseSchema = adminListResponseSchema(adminUserRowSchema);

const looseRecord = z.record(z.string(), z.unknown());
export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    username: z.string().nullable(),
    birth_date: z.string().nullable(),
    interest: z.string(),
    blocked_at: z.string().nullable(),
    updated_at: z.string(),
  }),
  cards: z.array(looseRecord),
  subscriptions: z.array(looseRecord),
  purchases: z.array(looseRecord),
  payments: z.array(looseRecord),
  comments: z.array(looseRecord),
  events: z.array(looseRecord),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export const adminUserDetailResponseSchema = z.object({ success: z.literal(true), data: adminUserDetailSchema });

export const adminSetAdminBodySchema = z.strictObject({ is_admin: z.boolean(), reason: adminReasonSchema });
export const adminBlockBodySchema = z.strictObject({ blocked: z.boolean(), reason: adminReasonSchema });
export const adminReasonBodySchema = z.strictObject({ reason: adminReasonSchema });
export const adminOptionalReasonBodySchema = z.strictObject({ reason: adminReasonSchema.optional() });

export const impersonationResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    token: z.string(),
    expires_at: z.string(),
    user: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }),
  }),
});

export const adminUserChangeResponseSchema = z.object({ success: z.literal(true), data: adminUserRowSchema });

// Audit

export const adminAuditQuerySchema = adminListQuerySchema.extend({
  sort: z.enum(['created_at']).default('created_at'),
  /** The administrator's id or email. */
  actor: z.union([z.uuid(), z.email()]).optional(),
  action: z
    .string()
    .regex(/^[a-z_.]{1,60}$/)
    .optional(),
  target_type: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
  target_id: safeText(200).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const adminAuditRowSchema = z.object({
  id: z.number(),
  actor_id: z.string(),
  /** The actor's email; null once the actor's account is erased (`actor_label` then names it). */
  actor_email: z.string().nullable(),
  /** The actor's email, or for an erased account the stable pseudonymous label its rows keep (`erased-…`). */
  actor_label: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The email of the user the change was made to, when its target is a user. */
  target_email: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAuditRow = z.infer<typeof adminAuditRowSchema>;
export const adminAuditResponseSchema = adminListResponseSchema(adminAuditRowSchema);

// Comments and reports

export const commentReportBodySchema = z.strictObject({
  reason: z.enum(COMMENT_REPORT_REASONS),
  note: safeText(COMMENT_REPORT_NOTE_MAX).trim().optional(),
});

export const adminCommentsQuerySchema = adminListQuerySchema.extend({
  sort: z.enum(['created_at']).default('created_at'),
  cycle_type: z
    .string()
    .regex(/^[a-z_]{1,30}$/)
    .optional(),
  cycle_value: z.coerce.number().int().min(0).max(100_000).optional(),
  /** The author's id or email address. */
  user: z.union([z.uuid(), z.email()]).optional(),
  status: z.enum(['visible', 'hidden', 'deleted', 'reported']).optional(),
});
export const adminCommentRowSchema = z.object({
  id: z.number(),
  user_id: z.string(),
  user_email: z.string(),
  user_name: z.string().nullable(),
  user_blocked: z.boolean(),
  cycle_type: z.string(),
  cycle_value: z.number(),
  lang: z.string(),
  content: z.string(),
  is_deleted: z.boolean(),
  hidden: z.boolean(),
  open_reports: z.number(),
  created_at: z.string(),
});
export type AdminCommentRow = z.infer<typeof adminCommentRowSchema>;
export const adminCommentsResponseSchema = adminListResponseSchema(adminCommentRowSchema);
export const adminHideCommentBodySchema = z.strictObject({ hidden: z.boolean(), reason: adminReasonSchema });

export const adminReportsQuerySchema = adminListQuerySchema.extend({
  sort: z.enum(['created_at']).default('created_at'),
  status: z.enum(['open', 'resolved', 'dismissed']).default('open'),
});
export const adminReportRowSchema = z.object({
  id: z.number(),
  comment_id: z.number(),
  comment_content: z.string(),
  comment_hidden: z.boolean(),
  comment_deleted: z.boolean(),
  author_id: z.string(),
  author_email: z.string(),
  reporter_email: z.string(),
  reason: z.enum(COMMENT_REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(['open', 'resolved', 'dismissed']),
  created_at: z.string(),
});
export type AdminReportRow = z.infer<typeof adminReportRowSchema>;
export const adminReportsResponseSchema = adminListResponseSchema(adminReportRowSchema);
export const adminResolveReportBodySchema = z.strictObject({
  status: z.enum(['resolved', 'dismissed']),
  reason: adminReasonSchema.optional(),
});

export const okResponseSchema = z.object({ success: z.literal(true) });

/** The user of a filter: an id or an email address. */
const userRef = z.union([z.uuid(), z.email()]);

// Payments

export const adminPaymentsQuerySchema = adminListQuerySchema.extend({
  sort: z.enum(['created_at', 'amount']).default('created_at'),
  status: z.enum(ORDER_STATUSES).optional(),
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  user: userRef.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const adminPaymentRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  product_id: z.string(),
  kind: z.string(),
  status: z.enum(ORDER_STATUSES),
  amount: z.number(),
  refunded_amount: z.number(),
  currency: z.string(),
  provider: z.string(),
  provider_payment_id: z.string().nullable(),
  promo_code: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type AdminPaymentRow = z.infer<typeof adminPaymentRowSchema>;
export const adminPaymentsResponseSchema = adminListResponseSchema(adminPaymentRowSchema);
export const adminOrderEventSchema = z.object({
  id: z.number(),
  type: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  actor: z.string(),
  data: z.unknown(),
  at: z.string(),
});
export type AdminOrderEvent = z.infer<typeof adminOrderEventSchema>;
export const adminPaymentDetailResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ payment: adminPaymentRowSchema, events: z.array(adminOrderEventSchema) }),
});
export const adminOrderParamsSchema = z.strictObject({ id: z.uuid({ error: 'An order id is a UUID' }) });

// Subscriptions

export const adminSubscriptionsQuerySchema = adminListQuerySchema.extend({
  sort: z.enum(['created_at', 'current_period_end']).default('created_at'),
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  plan: z.enum(PLAN_IDS).optional(),
  user: userRef.optional(),
});
export const adminSubscriptionRowSchema = z.object({
  id: z.number(),
  user_id: z.string(),
  user_email: z.string(),
  plan_id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  source: z.string(),
  auto_renew: z.boolean(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  pause_until: z.string().nullable(),
  created_at: z.string(),
});
export type AdminSubscriptionRow = z.infer<typeof adminSubscriptionRowSchema>;
export const adminSubscriptionsResponseSchema = adminListResponseSchema(adminSubscriptionRowSchema);
export const ADMIN_SUBSCRIPTION_ACTIONS = ['extend', 'pause', 'resume', 'cancel'] as const;
export type AdminSubscriptionAction = (typeof ADMIN_SUBSCRIPTION_ACTIONS)[number];
export const adminSubscriptionActionParamsSchema = z.strictObject({
  id: adminNumericIdParamsSchema.shape.id,
  action: z.enum(ADMIN_SUBSCRIPTION_ACTIONS),
});
export const adminSubscriptionActionBodySchema = z.strictObject({
  /** Days to extend by, or to pause for. */
  days: z.number().int().min(1).max(3660).optional(),
  reason: adminReasonSchema,
});
export const adminSubscriptionChangeResponseSchema = z.object({
  success: z.literal(true),
  data: adminSubscriptionRowSchema,
});

// Promo codes

export const adminPromoCodesQuerySchema = adminListQuerySchema.extend({
  sort: z.enum(['created_at', 'code', 'valid_until']).default('created_at'),
  active: queryFlag.optional(),
});
export const adminPromoCodeRowSchema = z.object({
  code: z.string(),
  discount_percentage: z.number(),
  valid_until: z.string(),
  active: z.boolean(),
  public: z.boolean(),
  max_redemptions: z.number().nullable(),
  per_user_limit: z.number(),
  created_at: z.string(),
  /** Orders paid with the code. */
  used: z.number(),
  /** Orders started with it and not paid (yet). */
  started: z.number(),
});
export type AdminPromoCodeRow = z.infer<typeof adminPromoCodeRowSchema>;
export const adminPromoCodesResponseSchema = adminListResponseSchema(adminPromoCodeRowSchema);

// Products

const texts = (max: number) => z.partialRecord(z.enum(LANGUAGES), safeText(max));
export const adminProductFieldsSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'A slug is lowercase letters, digits, _ and -'),
  type: z.enum(['program', 'subscription']),
  plan_id: z.enum(PLAN_IDS).nullable().default(null),
  level: z.number().int().min(0).max(3),
  days: z.number().int().min(0).max(3660),
  /** Minor units (kopecks). */
  price_rub: z.number().int().min(0).max(100_000_000),
  /** Minor units (cents). */
  price_usd: z.number().int().min(0).max(100_000_000),
  /**
   * The VAT code of the product's 54-FZ receipt lines, as YooKassa numbers them (1: no VAT, 2: 0 %, 3: 10 %, 4: 20 %,
   * 5: 10/110, 6: 20/120, 7 to 12: the rates of 2025).
   */
  vat_code: z.number().int().min(1).max(12).default(1),
  currency: z.enum(['RUB', 'USD']).default('RUB'),
  show: z.boolean(),
  is_active: z.boolean(),
  product_group: z.string().regex(/^[a-z0-9_-]{1,40}$/),
  parent_id: z
    .string()
    .regex(/^[a-z0-9_-]{1,64}$/)
    .nullable()
    .default(null),
  variation_order: z.number().int().min(0).max(10_000).default(0),
  recur: z.boolean().default(false),
  availability_ru: z.boolean().default(true),
  activation_type: z.enum(['immediate', 'next_wavespell', 'date']).default('immediate'),
  activation_date: isoDate.nullable().default(null),
  sort_order: z.number().int().min(0).max(100_000).default(0),
  name_i18n: texts(200),
  usp_i18n: texts(500).default({}),
  descr_i18n: texts(2000).default({}),
  descr_short_i18n: texts(500).default({}),
  description_long_i18n: texts(10_000).default({}),
  highlights_i18n: z.partialRecord(z.enum(LANGUAGES), z.array(safeText(300)).max(20)).default({}),
  variation_name_i18n: texts(200).default({}),
});
export type AdminProductFields = z.input<typeof adminProductFieldsSchema>;
export const adminProductCreateBodySchema = adminProductFieldsSchema.extend({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'An id is lowercase letters, digits, _ and -'),
});
export const adminProductParamsSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'An id is lowercase letters, digits, _ and -'),
});
export const adminProductsQuerySchema = adminListQuerySchema.extend({
  sort: z.enum(['sort_order', 'id', 'created_at']).default('sort_order'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export const adminProductRowSchema = adminProductFieldsSchema.extend({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export const adminProductsResponseSchema = adminListResponseSchema(adminProductRowSchema);
export const adminProductResponseSchema = z.object({ success: z.literal(true), data: adminProductRowSchema });
export const adminReorderBodySchema = z.strictObject({
  ids: z
    .array(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/))
    .min(1)
    .max(500),
});
