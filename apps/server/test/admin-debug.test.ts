import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, registration } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);
const DATE = '2012-12-21'; // Kin 207, tone 12; yesterday tone 11.

async function register() {
  const reply = await http.post('/api/auth/register', registration(), { ip: newAddress() });
  expect(reply.status).toBe(200);
  return {
    token: reply.body.token as string,
    id: reply.body.user.id as string,
    email: reply.body.user.email as string,
  };
}

let boss: Awaited<ReturnType<typeof register>>;
let user: Awaited<ReturnType<typeof register>>;
beforeAll(async () => {
  boss = await register();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, boss.id));
  user = await register();
});

const debug = (who: string, date = DATE, token: string | null = boss.token) =>
  http.get(`/api/admin/debug/process?user=${encodeURIComponent(who)}&date=${date}`, { token });

describe('/admin/debug/process', () => {
  it('answers guests 401, users 403, and refuses a bad date or an unknown user', async () => {
    expect((await debug(user.id, DATE, null)).status).toBe(401);
    const refused = await debug(user.id, DATE, user.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    for (const date of ['2012-02-30', '12-12-2012', 'today']) expect((await debug(user.id, date)).status).toBe(400);
    const unknown = await debug('nobody@example.com');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('tells what each day shows a free account, found by id or by email in any case', async () => {
    for (const who of [user.id, user.email.toUpperCase()]) {
      const reply = await debug(who);
      expect(reply.status).toBe(200);
      const { data } = reply.body;
      expect(data.user.id).toBe(user.id);
      expect(data.openTones).toEqual([12, 11]);
      expect(data.days).toHaveLength(13);
      for (const day of data.days) {
        if (day.tone === 11 || day.tone === 12) expect(day).toMatchObject({ status: 'allowed', reason: 'open_tone' });
        else expect(day).toMatchObject({ status: 'free_user_tone_restriction', reason: 'free_account' });
      }
    }
  });

  it('follows a bought programme from waiting to running to ended, and opens every day to administrators', async () => {
    const buyer = await register();
    await http.post(
      `/api/admin/users/${buyer.id}/purchases`,
      { product_name: 'main', product_level: 1, activation_date: '2012-12-22' },
      { token: boss.token },
    );
    const waiting = (await debug(buyer.id)).body.data;
    expect(waiting.programme).toMatchObject({ starts: '2012-12-22', day: 0 });
    expect(waiting.days[2]).toMatchObject({
      tone: 3,
      status: 'waiting_activation',
      reason: 'programme_waiting',
      targetDate: '2012-12-22',
    });
    expect(waiting.days[11]).toMatchObject({ status: 'allowed', reason: 'open_tone' });
    const running = (await debug(buyer.id, '2012-12-23')).body.data;
    expect(running.days.every((day: { status: string; reason: string }) => day.reason === 'programme_running')).toBe(
      true,
    );
    const ended = (await debug(buyer.id, '2013-01-04')).body.data;
    expect(ended.days[2]).toMatchObject({ status: 'cycle_ended', reason: 'programme_ended' });
    const own = (await debug(boss.email)).body.data;
    expect(own.days.every((day: { status: string }) => day.status === 'allowed')).toBe(true);
    expect(own.days[0].reason).toBe('administrator');
  });
});
