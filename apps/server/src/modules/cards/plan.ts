import type { Plan } from '@hunab/contracts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../auth/repository.ts';

/**
 * The plan a user is on, which decides their limits (spec 000 section 5). It will come from the user's subscription
 * level; until subscriptions exist every user is on the free plan and administrators on premium.
 *
 * The database handle may be an open transaction: query through it and no other handle (the embedded database runs one
 * transaction at a time, so a second handle would wait for this one forever).
 */
export async function planOf(_database: Db, user: Pick<UserRow, 'id' | 'isAdmin'>): Promise<Plan> {
  return user.isAdmin ? 'premium' : 'free';
}
