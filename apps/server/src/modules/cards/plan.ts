import { type PlanTier, tierOfLevel } from '@hunab/contracts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../auth/repository.ts';
import { currentSubscription, grantsAccess } from '../subscriptions/service.ts';

/**
 * The plan a user is on, which decides their card limit (spec 000 section 5): the level of a subscription that gives
 * access now (active, or cancelled with paid time left), free without one, premium for administrators.
 *
 * The database handle may be an open transaction: query through it and no other handle (the embedded database runs one
 * transaction at a time, so a second handle would wait for this one forever).
 */
export async function planOf(database: Db, user: Pick<UserRow, 'id' | 'isAdmin'>, at: Date): Promise<PlanTier> {
  if (user.isAdmin) return 'premium';
  const row = await currentSubscription(database, user.id);
  return row && grantsAccess(row, at) ? tierOfLevel(row.level) : 'free';
}
