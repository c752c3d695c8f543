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
