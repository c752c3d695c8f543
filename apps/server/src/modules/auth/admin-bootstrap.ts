import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appMeta, users } from '../../db/schema.ts';
import { hashPassword } from './passwords.ts';

export const DEMO_ADMIN_EMAIL = 'admin@hunab.local';

export interface AdminBootstrapResult {
  /** What happened, for the start-up log. */
  action: 'created' | 'promoted' | 'unchanged' | 'demo-created' | 'none';
  email?: string;
  /** Only for a demo admin created just now: shown once, never stored in clear. */
  password?: string;
}

/**
 * ADMIN_EMAIL (with ADMIN_PASSWORD for a new account) creates or promotes the administrator at boot. An existing
 * account keeps its password. With neither set, the first start of an empty embedded database creates a demo
 * administrator with a random password, shown once.
 */
export async function bootstrapAdmin(
  db: Db,
  options: { email?: string | undefined; password?: string | undefined; allowDemo: boolean; now: Date },
): Promise<AdminBootstrapResult> {
  if (options.email) {
    const [existing] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${options.email})`)
      .limit(1);
    if (existing) {
      if (existing.isAdmin) return { action: 'unchanged', email: existing.email };
      await db.update(users).set({ isAdmin: true, updatedAt: options.now }).where(sql`${users.id} = ${existing.id}`);
      return { action: 'promoted', email: existing.email };
    }
    if (!options.password) return { action: 'none', email: options.email };
    await db.insert(users).values({
      email: options.email,
      name: 'Admin',
      displayName: 'Admin',
      firstName: 'Admin',
      passwordHash: await hashPassword(options.password),
      isAdmin: true,
      emailVerifiedAt: options.now,
      registrationSource: 'admin',
    });
    return { action: 'created', email: options.email };
  }
  if (!options.allowDemo) return { action: 'none' };
  // Claim the one-time demo creation first, so two processes never both create it.
  const claimed = await db
    .insert(appMeta)
    .values({ key: 'demo_admin', value: { email: DEMO_ADMIN_EMAIL, createdAt: options.now.toISOString() } })
    .onConflictDoNothing()
    .returning({ key: appMeta.key });
  if (claimed.length === 0) return { action: 'none' };
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return { action: 'none' };
  const password = randomBytes(9).toString('base64url');
  await db.insert(users).values({
    email: DEMO_ADMIN_EMAIL,
    name: 'Demo admin',
    displayName: 'Demo admin',
    firstName: 'Demo',
    passwordHash: await hashPassword(password),
    isAdmin: true,
    emailVerifiedAt: options.now,
    registrationSource: 'admin',
  });
  return { action: 'demo-created', email: DEMO_ADMIN_EMAIL, password };
}
