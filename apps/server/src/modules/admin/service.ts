import type { AdminProductRow, AdminUserRow, adminProductFieldsSchema } from '@hunab/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ApiError, isUniqueViolation } from '../../lib/errors.ts';
import type { AuthService, Session } from '../auth/service.ts';
import { IMPERSONATION_MINUTES } from '../auth/tokens.ts';
import type { AdminRepository, Transaction, UserListRow, UserRow } from './repository.ts';

export const toAdminUserRow = (row: UserListRow): AdminUserRow => ({
  id: row.id,
  email: row.email,
  name: row.name,
  lang: row.lang,
  is_admin: row.isAdmin,
  email_verified: row.emailVerifiedAt !== null,
  blocked: row.blockedAt !== null,
  registration_source: row.registrationSource,
  plan_id: row.planId,
  subscription_status: row.subscriptionStatus,
  created_at: row.createdAt.toISOString(),
});

/** The fields of a user an audit row keeps as before and after: what the admin area changes, never secrets. */
const auditedUser = (user: UserRow) => ({
  email: user.email,
  is_admin: user.isAdmin,
  blocked_at: user.blockedAt,
  email_verified_at: user.emailVerifiedAt,
});

export interface AdminServiceDeps {
  db: Db;
  repo: AdminRepository;
  auth: AuthService;
  now: () => Date;
  /** Empties the products cache of this process after a catalogue change. */
  clearProducts: () => void;
}

type ProductRow = typeof products.$inferSelect;
type ProductFields = z.output<typeof adminProductFieldsSchema>;

export const toAdminProductRow = (row: ProductRow): AdminProductRow => ({
  id: row.id,
  slug: row.slug,
  type: row.type,
  plan_id: row.planId as AdminProductRow['plan_id'],
  level: row.level,
  days: row.days,
  price_rub: row.priceRub,
  price_usd: row.priceUsd,
  currency: row.currency as AdminProductRow['currency'],
  show: row.show,
  is_active: row.isActive,
  product_group: row.productGroup,
  parent_id: row.parentId,
  variation_order: row.variationOrder,
  recur: row.recur,
  availability_ru: row.availabilityRu,
  activation_type: row.activationType,
  activation_date: row.activationDate,
  sort_order: row.sortOrder,
  name_i18n: row.nameI18n,
  usp_i18n: row.uspI18n,
  descr_i18n: row.descrI18n,
  descr_short_i18n: row.descrShortI18n,
  description_long_i18n: row.descriptionLongI18n,
  highlights_i18n: row.highlightsI18n,
  variation_name_i18n: row.variationNameI18n,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The columns of the product fields an administrator edits. */
const productValues = (fields: ProductFields) => ({
  slug: fields.slug,
  type: fields.type,
  planId: fields.plan_id,
  level: fields.level,
  days: fields.days,
  priceRub: fields.price_rub,
  priceUsd: fields.price_usd,
  currency: fields.currency,
  show: fields.show,
  isActive: fields.is_active,
  productGroup: fields.product_group,
  parentId: fields.parent_id,
  variationOrder: fields.variation_order,
  recur: fields.recur,
  availabilityRu: fields.availability_ru,
  activationType: fields.activation_type,
  activationDate: fields.activation_date,
  sortOrder: fields.sort_order,
  nameI18n: fields.name_i18n as Record<string, string>,
  uspI18n: fields.usp_i18n as Record<string, string>,
  descrI18n: fields.descr_i18n as Record<string, string>,
  descrShortI18n: fields.descr_short_i18n as Record<string, string>,
  descriptionLongI18n: fields.description_long_i18n as Record<string, string>,
  highlightsI18n: fields.highlights_i18n as Record<string, string[]>,
  variationNameI18n: fields.variation_name_i18n as Record<string, string>,
});

/** The rules of the administrators' changes to users; every change and its audit row share one transaction. */
export function createAdminService({ db, repo, auth, now, clearProducts }: AdminServiceDeps) {
  /** Locks the user, applies `change` and writes its audit row, all in one transaction. */
  async function changeUser(
    admin: Session,
    id: string,
    action: string,
    reason: string | null,
    change: (user: UserRow, tx: Transaction) => Promise<Partial<UserRow> | null>,
  ) {
    await db.transaction(async (tx) => {
      const user = await repo.lockUser(tx, id);
      if (!user) throw new ApiError(404, 'USER_NOT_FOUND', 'There is no such user.');
      const values = await change(user, tx);
      if (!values) return;
      await repo.updateUser(tx, id, { ...values, updatedAt: now() });
      await recordAudit(tx, {
        actorId: admin.user.id,
        action,
        targetType: 'user',
        targetId: id,
        before: auditedUser(user),
        after: auditedUser({ ...user, ...values }),
        reason,
      });
    });
    const row = await repo.userListRow(id);
    if (!row) throw new ApiError(404, 'USER_NOT_FOUND', 'There is no such user.');
    return toAdminUserRow(row);
  }

  const notYourself = (admin: Session, id: string, what: string) => {
    if (admin.user.id === id) throw new ApiError(409, 'INVALID_TRANSITION', `You cannot ${what} your own account.`);
  };

  return {
    setAdmin(admin: Session, id: string, isAdmin: boolean, reason: string) {
      notYourself(admin, id, isAdmin ? 'change the role of' : 'remove the administrator role from');
      return changeUser(admin, id, isAdmin ? 'user.admin.grant' : 'user.admin.revoke', reason, async (user) =>
        user.isAdmin === isAdmin ? null : { isAdmin },
      );
    },

    /**
     * Blocks or unblocks an account. Blocking raises the token version too, so every session of the user ends at
     * once (the session check also refuses a blocked user, whatever their token).
     */
    setBlocked(admin: Session, id: string, blocked: boolean, reason: string) {
      notYourself(admin, id, 'block');
      return changeUser(admin, id, blocked ? 'user.block' : 'user.unblock', reason, async (user) => {
        if (blocked === (user.blockedAt !== null)) return null;
        return blocked ? { blockedAt: now(), tokenVersion: user.tokenVersion + 1 } : { blockedAt: null };
      });
    },

    /** Sends the verification link again (within the per-account hourly cap); audited as a change. */
    async resendVerification(admin: Session, id: string) {
      const user = await repo.findUser(id);
      if (!user) throw new ApiError(404, 'USER_NOT_FOUND', 'There is no such user.');
      if (user.emailVerifiedAt) throw new ApiError(409, 'INVALID_TRANSITION', 'This address is already confirmed.');
      await db.transaction(async (tx) => {
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: 'user.verification.resend',
          targetType: 'user',
          targetId: id,
          reason: null,
        });
      });
      auth.resendVerification(user.email);
    },

    /**
     * A short session as a user who is not an administrator, for seeing what they see. The token names the
     * administrator (the session check ends it if they stop being one) and the start is audited.
     */
    async impersonate(admin: Session, id: string, reason: string) {
      if (admin.claims.imp) throw new ApiError(409, 'CANNOT_IMPERSONATE', 'End the current impersonation first.');
      notYourself(admin, id, 'impersonate');
      const user = await repo.findUser(id);
      if (!user) throw new ApiError(404, 'USER_NOT_FOUND', 'There is no such user.');
      if (user.isAdmin) throw new ApiError(403, 'CANNOT_IMPERSONATE', 'Administrators cannot be impersonated.');
      if (user.blockedAt) throw new ApiError(409, 'CANNOT_IMPERSONATE', 'A blocked account cannot be opened.');
      const token = await auth.impersonationToken(user, admin.user.id);
      const expiresAt = new Date(now().getTime() + IMPERSONATION_MINUTES * 60_000);
      await db.transaction(async (tx) => {
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: 'user.impersonate.start',
          targetType: 'user',
          targetId: id,
          after: { expires_at: expiresAt.toISOString() },
          reason,
        });
      });
      return { token, expiresAt, user };
    },

    /** Hides a comment from the public lists (settling its open reports) or shows it again. */
    async setCommentHidden(admin: Session, id: number, hidden: boolean, reason: string) {
      await db.transaction(async (tx) => {
        const row = await repo.lockComment(tx, id);
        if (!row) throw new ApiError(404, 'COMMENT_NOT_FOUND', 'There is no such comment.');
        if (hidden === (row.hiddenAt !== null)) return;
        await repo.setHidden(tx, row, hidden, now());
        const settled = hidden ? await repo.settleReports(tx, id, admin.user.id, now()) : [];
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: hidden ? 'comment.hide' : 'comment.restore',
          targetType: 'comment',
          targetId: id,
          before: { hidden: row.hiddenAt !== null, user_id: row.userId, content: row.content },
          after: { hidden, reports_resolved: settled.length },
          reason,
        });
      });
    },

    /** Resolves (something was done) or dismisses (nothing to do) a reader's report. */
    async closeReport(admin: Session, id: number, status: 'resolved' | 'dismissed', reason: string | null) {
      await db.transaction(async (tx) => {
        const report = await repo.lockReport(tx, id);
        if (!report) throw new ApiError(404, 'REPORT_NOT_FOUND', 'There is no such report.');
        if (report.status !== 'open') {
          throw new ApiError(409, 'INVALID_TRANSITION', `This report is already ${report.status}.`);
        }
        await repo.closeReport(tx, id, status, admin.user.id, now());
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: `comment_report.${status === 'resolved' ? 'resolve' : 'dismiss'}`,
          targetType: 'comment_report',
          targetId: id,
          before: { status: 'open', comment_id: report.commentId },
          after: { status },
          reason,
        });
      });
    },

    /**
     * Creates a product or replaces an existing one's fields; the products cache is emptied after the change. A
     * variation must name a parent that exists and is not itself a variation.
     */
    async saveProduct(admin: Session, id: string, fields: ProductFields, create: boolean) {
      if (fields.parent_id === id) throw new ApiError(400, 'VALIDATION_ERROR', 'A product cannot be its own parent.');
      let saved: ProductRow | undefined;
      try {
        await db.transaction(async (tx) => {
          if (fields.parent_id) {
            const parent = await repo.lockProduct(tx, fields.parent_id);
            if (!parent || parent.parentId) {
              throw new ApiError(400, 'VALIDATION_ERROR', 'The parent must be a product that is not a variation.');
            }
          }
          const before = await repo.lockProduct(tx, id);
          if (create && before) throw new ApiError(409, 'INVALID_TRANSITION', 'A product with this id exists.');
          if (!create && !before) throw new ApiError(404, 'PRODUCT_NOT_FOUND', 'There is no such product.');
          const values = { ...productValues(fields), updatedAt: now() };
          [saved] = create
            ? await tx
                .insert(products)
                .values({ id, ...values, createdAt: now() })
                .returning()
            : await tx.update(products).set(values).where(eq(products.id, id)).returning();
          if (!saved) throw new Error('the product was not written');
          await recordAudit(tx, {
            actorId: admin.user.id,
            action: create ? 'product.create' : 'product.update',
            targetType: 'product',
            targetId: id,
            before: before ? toAdminProductRow(before) : null,
            after: toAdminProductRow(saved),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, 'INVALID_TRANSITION', 'This id or slug is taken.');
        throw error;
      }
      clearProducts();
      return toAdminProductRow(saved as ProductRow);
    },

    /** Puts the products in the order given (the sort order of the ones not named is left alone). */
    async reorderProducts(admin: Session, ids: string[]) {
      if (new Set(ids).size !== ids.length) throw new ApiError(400, 'VALIDATION_ERROR', 'An id is named twice.');
      await db.transaction(async (tx) => {
        const before: Record<string, number> = {};
        for (const [index, id] of ids.entries()) {
          const row = await repo.lockProduct(tx, id);
          if (!row) throw new ApiError(404, 'PRODUCT_NOT_FOUND', `There is no product ${id}.`);
          before[id] = row.sortOrder;
          await tx
            .update(products)
            .set({ sortOrder: (index + 1) * 10, updatedAt: now() })
            .where(eq(products.id, id));
        }
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: 'product.reorder',
          targetType: 'product',
          before,
          after: Object.fromEntries(ids.map((id, index) => [id, (index + 1) * 10])),
        });
      });
      clearProducts();
    },

    /** Ends an impersonation session (its token is signed out) and audits the end. */
    async endImpersonation(session: Session) {
      const impersonator = session.claims.imp;
      if (!impersonator) throw new ApiError(409, 'NOT_IMPERSONATING', 'This session is not an impersonation.');
      await db.transaction(async (tx) => {
        await repo.revokeToken(tx, session.claims.jti, session.user.id, new Date(session.claims.exp * 1000));
        await recordAudit(tx, {
          actorId: impersonator,
          action: 'user.impersonate.end',
          targetType: 'user',
          targetId: session.user.id,
          reason: null,
        });
      });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
