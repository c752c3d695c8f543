import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * The owner among administrators: the one named by ADMIN_EMAIL, else the earliest. Administrators answer to the
 * owner alone (docs/decisions/023-hardening.md).
 */
export async function ownerIdOf(
  executor: Db | Transaction,
  ownerEmail: string | undefined,
): Promise<string | undefined> {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(
      ownerEmail ? sql`lower(${users.email}) = lower(${ownerEmail}) desc` : sql`true`,
      asc(users.createdAt),
      asc(users.id),
    )
    .limit(1);
  return row?.id;
}
