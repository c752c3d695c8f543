import { lazy } from 'react';
import type { AdminSections } from '../registry.ts';

/** The sections that change the product: users, catalogue, money, moderation and the audit log. */
export const CORE_SECTIONS: AdminSections = {
  adminUsers: lazy(() => import('./UsersSection.tsx')),
  adminAudit: lazy(() => import('./AuditSection.tsx')),
  adminPrivacy: lazy(() => import('./PrivacySection.tsx')),
  adminOutbox: lazy(() => import('./OutboxSection.tsx')),
  adminComments: lazy(() => import('./CommentsSection.tsx')),
  adminPayments: lazy(() => import('./PaymentsSection.tsx')),
  adminSubscriptions: lazy(() => import('./SubscriptionsSection.tsx')),
  adminPromocodes: lazy(() => import('./PromoCodesSection.tsx')),
  adminProducts: lazy(() => import('./ProductsSection.tsx')),
  adminTestimonials: lazy(() => import('./TestimonialsSection.tsx')),
};
