import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { newAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

const account = (overrides: Record<string, unknown> = {}) => newAccount(http, overrides);
const interestOf = async (id: string) =>
  (await ctx.database.db.select({ interest: users.interest }).from(users).where(eq(users.id, id)))[0]?.interest;

describe('the interest chosen at onboarding', () => {
  it('replaces the interest of registration for its owner only', async () => {
    const me = await account({ interest: 'general' });
    const other = await account({ interest: 'coach' });
    const reply = await http.put('/api/user/me/interest', { interest: '13moons' }, { token: me.token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ success: true, interest: '13moons' });
    expect(await interestOf(me.id)).toBe('13moons');
    expect(await interestOf(other.id)).toBe('coach');
  });

  it('refuses a guest and an interest that is not one of the list', async () => {
    const me = await account({ interest: 'essence' });
    const guest = await http.put('/api/user/me/interest', { interest: 'coach' });
    expect(guest.status).toBe(401);
    expect(guest.body.success).toBe(false);
    for (const body of [{ interest: 'astrology' }, { interest: null }, {}, { interest: 'coach', user_id: 'x' }]) {
      const reply = await http.put('/api/user/me/interest', body, { token: me.token });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect(await interestOf(me.id)).toBe('essence');
  });
});
