import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The reader's account for their data export: no password hash, no token version. */
export async function profileForExport(db: Db, userId: string) {
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      name: users.name,
      display_name: users.displayName,
      first_name: users.firstName,
      language: users.lang,
      theme: users.themePreference,
      birth_date: users.birthDate,
      email_verified_at: users.emailVerifiedAt,
      registration_source: users.registrationSource,
      interest: users.interest,
      badges: users.badges,
      is_admin: users.isAdmin,
      created_at: users.createdAt,
      updated_at: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return profile ?? null;
}

/**
 * The reader's consent to the terms of use and the privacy policy: when it was given and to which versions (the
 * dates the texts last changed), or null for an account made without the registration form's consent.
 */
export async function termsConsentForExport(db: Db, userId: string) {
  const [row] = await db
    .select({
      accepted_at: users.termsAcceptedAt,
      terms_version: users.termsVersion,
      privacy_version: users.privacyVersion,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.accepted_at ? row : null;
}
