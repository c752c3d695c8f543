import { LANGUAGES } from '@hunab/calendar';
import { z } from 'zod';
import { adminListQuerySchema, adminPaginationSchema } from './admin-lists.ts';
import { REGISTRATION_SOURCES } from './auth.ts';
import { COMMENT_REPORT_NOTE_MAX, COMMENT_REPORT_REASONS } from './comment-rules.ts';
import { PLAN_IDS } from './plans.ts';
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

export const adminUsersResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminUserRowSchema),
  pagination: adminPaginationSchema,
});

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
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAuditRow = z.infer<typeof adminAuditRowSchema>;
export const adminAuditResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminAuditRowSchema),
  pagination: adminPaginationSchema,
});

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
  user: z.uuid().optional(),
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
export const adminCommentsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminCommentRowSchema),
  pagination: adminPaginationSchema,
});
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
export const adminReportsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminReportRowSchema),
  pagination: adminPaginationSchema,
});
export const adminResolveReportBodySchema = z.strictObject({
  status: z.enum(['resolved', 'dismissed']),
  reason: adminReasonSchema.optional(),
});

export const okResponseSchema = z.object({ success: z.literal(true) });
