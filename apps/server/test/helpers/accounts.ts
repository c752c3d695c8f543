import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { type Client, registration } from './http.ts';

export interface Account {
  token: string;
  id: string;
  email: string;
}

/** A new account, signed up through the API with `registration(overrides)`; the test fails if the sign-up does. */
export async function newAccount(
  http: Client,
  overrides: Record<string, unknown> = {},
  options?: Parameters<Client['post']>[2],
): Promise<Account> {
  const body = registration(overrides);
  const reply = await http.post('/api/auth/register', body, options);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { token: reply.body.token as string, id: reply.body.user.id as string, email: body.email as string };
}

/** A new account made an administrator in the database. */
export async function newAdmin(http: Client, db: Db): Promise<Account> {
  const account = await newAccount(http);
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, account.id));
  return account;
}

/** An administrator's grant of a plan to a user for a number of days, through the API. */
export const grantPlan = (http: Client, admin: Account, userId: string, plan_id: string, days: number) =>
  http.post(`/api/admin/users/${userId}/subscription`, { plan_id, days }, { token: admin.token });
