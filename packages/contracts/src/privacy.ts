import { z } from 'zod';
import { adminListQuerySchema, adminListResponseSchema } from './admin-lists.ts';
import { successSchema } from './errors.ts';
import { safeText } from './text.ts';

/** Days between closing an account and erasing it, during which the deletion letter's link restores it. */
export const ACCOUNT_GRACE_DAYS = 30;
/** Hours a data export's download link works (once). */
export const EXPORT_LINK_HOURS = 24;
/** Hours the confirmation letter of a deletion (for an account without a password) works. */
export const DELETION_CONFIRM_HOURS = 24;
/** One export per this many hours. */
export const EXPORT_INTERVAL_HOURS = 24;

/** The domains of a data export, one JSON file each (`<domain>.json`). */
export const EXPORT_DOMAINS = [
  'profile',
  'cards',
  'comments',
  'journal',
  'game',
  'teams',
  'referrals',
  'subscriptions',
  'orders',
  'email_preferences',
  'consents',
  'reminders',
  'push_subscriptions',
  'telegram_chats',
  'feed',
  'process_answers',
  'education',
  'testimonials',
] as const;
export type ExportDomain = (typeof EXPORT_DOMAINS)[number];

const emailedToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'The link is not valid');

export const exportTokenParamsSchema = z.strictObject({ token: emailedToken });

export const deleteAccountBodySchema = z.strictObject({
  /** Required for an account with a password; an account without one gets a confirmation letter instead. */
  password: safeText(128).min(1).optional(),
  /** Remove the text of the reader's comments at erasure (their author is removed either way). */
  remove_comments: z.boolean().default(false),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

export const accountTokenBodySchema = z.strictObject({ token: emailedToken });

export const privacyStatusSchema = z.object({
  has_password: z.boolean(),
  grace_days: z.number(),
  export: z
    .object({
      status: z.enum(['preparing', 'ready', 'downloaded', 'expired']),
      requested_at: z.string(),
      expires_at: z.string().nullable(),
      next_allowed_at: z.string(),
    })
    .nullable(),
  /** A deletion waiting for the letter's confirmation (accounts without a password). */
  deletion_pending: z.boolean(),
});
export type PrivacyStatus = z.infer<typeof privacyStatusSchema>;
export const privacyStatusReplySchema = successSchema(privacyStatusSchema);

export const exportRequestReplySchema = successSchema(
  z.object({ status: z.literal('preparing'), next_allowed_at: z.string() }),
);

export const deleteAccountReplySchema = successSchema(
  z.object({
    /** `closed`: done, the session has ended; `confirmation_sent`: a letter asks to confirm. */
    status: z.enum(['closed', 'confirmation_sent']),
    erase_after: z.string().nullable(),
  }),
);

export const restoreAccountReplySchema = successSchema(z.object({ restored: z.literal(true), email: z.string() }));

/** The admin area's list of deletions and exports. */
export const adminPrivacyQuerySchema = adminListQuerySchema.extend({
  sort: z.enum(['created_at']).default('created_at'),
  kind: z.enum(['deletion', 'export']).default('deletion'),
  status: z
    .enum(['awaiting_confirmation', 'closed', 'restored', 'erased', 'preparing', 'ready', 'downloaded', 'expired'])
    .optional(),
});
export const adminPrivacyRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['deletion', 'export']),
  status: z.string(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  requested_by: z.enum(['owner', 'admin']).nullable(),
  remove_comments: z.boolean().nullable(),
  created_at: z.string(),
  /** A deletion's erasure date, an export's link expiry. */
  due_at: z.string().nullable(),
  done_at: z.string().nullable(),
});
export type AdminPrivacyRow = z.infer<typeof adminPrivacyRowSchema>;
export const adminPrivacyResponseSchema = adminListResponseSchema(adminPrivacyRowSchema);

/**
 * An administrator deletes an account for its verified owner's emailed request: closed now and erased after the
 * grace period, or erased at once when the reader asked in writing for an immediate erasure (`immediate`, with
 * the reason saying where that request is).
 */
export const adminErasureBodySchema = z.strictObject({
  /** The account's id or email. */
  user: z.union([z.uuid(), z.email()]),
  remove_comments: z.boolean().default(false),
  immediate: z.boolean().default(false),
  reason: safeText(500).trim().min(3, 'Say why (at least 3 characters)'),
});
export const adminErasureReplySchema = successSchema(
  z.object({
    deletion_id: z.string(),
    /** True when erased now; false when closed and waiting for its erasure at `erase_after`. */
    erased: z.boolean(),
    erase_after: z.string().nullable(),
    /** The pseudonymous label the account's audit rows carry once it is erased. */
    subject: z.string(),
  }),
);
/** What an administrator's deletion did: erased now, or closed until `erase_after`. */
export type AdminErasure = z.infer<typeof adminErasureReplySchema>['data'];
