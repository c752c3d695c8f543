import { calendarDay, oracleOfKin, parseDate } from '@hunab/calendar';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, grantPlan, newAccount, newAdmin } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

const BIRTH = '1987-07-26';
const TODAY = new Date().toISOString().slice(0, 10);
const cycles = (token?: string, query = `birth_date=${BIRTH}`) =>
  http.get(`/api/cycles/personal?${query}`, { token: token ?? null });

let admin: Account;
let free: Account;
let basic: Account;

beforeAll(async () => {
  admin = await newAdmin(http, ctx.database.db);
  free = await newAccount(http);
  basic = await newAccount(http);
  expect((await grantPlan(http, admin, basic.id, 'basic_monthly', 30)).status).toBe(200);
}, 60_000);

describe('personal cycles by plan (spec 000 sections 3 and 5: cycles.fullAccess)', () => {
  it('serves guests and free readers the current cycle only', async () => {
    for (const token of [undefined, free.token]) {
      const reply = await cycles(token);
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe('private, no-store');
      const data = reply.body.data;
      expect(data.access).toBe('current');
      expect(data.full).toBeNull();
      expect(data.current.birth_kin).toBe(calendarDay(parseDate(BIRTH)).kin.number);
      const start = data.current.year.starts_on as string;
      expect(start.slice(5)).toBe('07-26');
      expect(start <= TODAY && TODAY <= data.current.year.ends_on).toBe(true);
      expect(data.current.year.kin).toBe(calendarDay(parseDate(start)).kin.number);
      expect(data.current.year.age).toBe(Number(start.slice(0, 4)) - 1987);
    }
  });

  it('serves a basic subscriber and an administrator the full cycles', async () => {
    for (const account of [basic, admin]) {
      const data = (await cycles(account.token)).body.data;
      expect(data.access).toBe('full');
      const oracle = oracleOfKin(data.current.birth_kin);
      expect(data.full.oracle).toEqual({
        guide: oracle.guide,
        analog: oracle.analog,
        antipode: oracle.antipod,
        occult: oracle.occult,
      });
      expect(data.full.years).toHaveLength(9);
      expect(data.full.years[4]).toMatchObject({ age: data.current.year.age, kin: data.current.year.kin });
      expect(data.full.days_to_next_return).toBeGreaterThanOrEqual(0);
      expect(data.full.days_to_next_return).toBeLessThan(260);
    }
  });

  it('answers a birth date still to come with its kin and no year under way', async () => {
    const data = (await cycles(basic.token, 'birth_date=2999-01-01')).body.data;
    expect(data.current.year).toBeNull();
    expect(data.full.years[0]).toMatchObject({ age: 0, birthday: '2999-01-01', kin: data.current.birth_kin });
  });

  it('refuses a date that is no date, a reader’s day far from the server’s, and unknown fields', async () => {
    expect((await cycles(undefined, 'birth_date=1987-02-30')).status).toBe(400);
    expect((await cycles(undefined, `birth_date=${BIRTH}&today=2001-01-01`)).status).toBe(400);
    const odd = await cycles(free.token, `birth_date=${BIRTH}&full=1`);
    expect(odd.status).toBe(400);
    expect(odd.body).toMatchObject({ success: false, error: { code: expect.any(String) } });
  });
});
