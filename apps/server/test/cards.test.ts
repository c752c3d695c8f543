import { CARD_LIMITS, cardLimitsOf, PLAN_TIERS } from '@hunab/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { cards, users } from '../src/db/schema.ts';
import { planOf } from '../src/modules/cards/plan.ts';
import { type Account, newAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

const account = () => newAccount(http);

async function adminAccount(): Promise<Account> {
  const admin = await account();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  return admin;
}

const card = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mila',
  birth_date: '1987-07-26',
  description: 'Sister',
  ...overrides,
});

async function addCard(who: Account, overrides: Record<string, unknown> = {}) {
  const reply = await http.post('/api/cards', card(overrides), { token: who.token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data.card as { id: string; name: string; birth_date: string; is_primary: boolean };
}

async function cardRows(userId: string) {
  return ctx.database.db.select().from(cards).where(eq(cards.userId, userId));
}

async function listOf(who: Account) {
  const reply = await http.get('/api/cards', { token: who.token });
  expect(reply.status).toBe(200);
  return reply.body as {
    data: { id: string; name: string; birth_date: string; is_primary: boolean }[];
    limits: { plan: string; limit: number; count: number; remaining: number; canAdd: boolean };
  };
}

describe('who may do what with a card', () => {
  let owner: Account;
  let other: Account;
  let admin: Account;
  let cardId: string;

  beforeAll(async () => {
    owner = await account();
    other = await account();
    admin = await adminAccount();
    cardId = (await addCard(owner)).id;
  });

  for (const base of ['/api/cards', '/api/calculation-profiles']) {
    it(`asks a guest to sign in for every call of ${base}`, async () => {
      const calls = [
        http.get(base),
        http.post(base, card()),
        http.put(`${base}/${cardId}`, { name: 'Guest' }),
        http.delete(`${base}/${cardId}`),
        base === '/api/cards' ? http.get(`${base}/${cardId}`) : http.get(`${base}/primary`),
      ];
      for (const reply of await Promise.all(calls)) {
        expect(reply.status).toBe(401);
        expect(reply.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
      }
      expect(await cardRows(owner.id)).toHaveLength(1);
    });

    it(`lets only the owner change or delete through ${base}; others get 404 and change nothing`, async () => {
      const before = await cardRows(owner.id);
      for (const stranger of [other, admin]) {
        const put = await http.put(`${base}/${cardId}`, { name: 'Taken' }, { token: stranger.token });
        expect(put.status).toBe(404);
        expect(put.body).toEqual({ success: false, error: { code: 'CARD_NOT_FOUND', message: 'Card not found' } });
        expect((await http.delete(`${base}/${cardId}`, { token: stranger.token })).status).toBe(404);
      }
      expect(await cardRows(owner.id)).toEqual(before);
      const renamed = await http.put(`${base}/${cardId}`, { name: `Mila ${base.length}` }, { token: owner.token });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data.card.name).toBe(`Mila ${base.length}`);
    });

    it(`lists through ${base} only the caller's own cards`, async () => {
      const ownList = await http.get(base, { token: owner.token });
      const cardsOf = (body: { data: unknown }) =>
        (Array.isArray(body.data) ? body.data : (body.data as { cards: unknown[] }).cards) as { id: string }[];
      expect(cardsOf(ownList.body).map((c) => c.id)).toEqual([cardId]);
      for (const stranger of [other, admin]) {
        expect(cardsOf((await http.get(base, { token: stranger.token })).body)).toEqual([]);
      }
    });
  }

  it('reads a card for its owner and for an administrator, and answers 404 to anyone else', async () => {
    const own = await http.get(`/api/cards/${cardId}`, { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.body.data.card).toMatchObject({ id: cardId, user_id: owner.id });
    expect((await http.get(`/api/cards/${cardId}`, { token: admin.token })).body.data.card.id).toBe(cardId);
    const stranger = await http.get(`/api/cards/${cardId}`, { token: other.token });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe('CARD_NOT_FOUND');
  });

  it('answers 404 for ids that are no card at all', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'primary', '1700000000000', 'x']) {
      expect((await http.get(`/api/cards/${id}`, { token: owner.token })).status, id).toBe(404);
      expect((await http.put(`/api/cards/${id}`, { name: 'n' }, { token: owner.token })).status, id).toBe(404);
      expect((await http.delete(`/api/calculation-profiles/${id}`, { token: owner.token })).status, id).toBe(404);
    }
  });

  it('answers the primary card through /calculation-profiles/primary, and null without cards', async () => {
    const primary = await http.get('/api/calculation-profiles/primary', { token: owner.token });
    expect(primary.body).toMatchObject({ success: true, data: { card: { id: cardId, is_primary: true } } });
    expect((await http.get('/api/calculation-profiles/primary', { token: other.token })).body).toEqual({
      success: true,
      data: { card: null },
    });
  });

  it('deletes the owner’s card through either family, with success and status', async () => {
    const second = await addCard(owner, { name: 'Second' });
    const reply = await http.delete(`/api/calculation-profiles/${second.id}`, { token: owner.token });
    expect(reply.body).toEqual({ success: true, status: 'success', message: 'Card deleted' });
    expect((await http.get(`/api/cards/${second.id}`, { token: owner.token })).status).toBe(404);
  });
});

describe('card fields and dates', () => {
  let me: Account;
  beforeAll(async () => {
    me = await account();
  });

  it('stores dates as ISO UTC: a date alone at noon, a time without zone as UTC, a zone converted', async () => {
    const cases: [string, string][] = [
      ['1987-07-26', '1987-07-26T12:00:00.000Z'],
      ['1987-07-26T08:30', '1987-07-26T08:30:00.000Z'],
      ['1987-07-26T08:30:15', '1987-07-26T08:30:15.000Z'],
      ['1987-07-26T23:30:00+03:00', '1987-07-26T20:30:00.000Z'],
      ['1987-07-26T01:00:00-05:00', '1987-07-26T06:00:00.000Z'],
      ['1987-07-26T08:30:00.250Z', '1987-07-26T08:30:00.250Z'],
      ['1000-01-01T00:00', '1000-01-01T00:00:00.000Z'],
    ];
    for (const [sent, stored] of cases) {
      const reply = await http.post('/api/calculation-profiles', card({ birth_date: sent }), { token: me.token });
      expect(reply.status, sent).toBe(201);
      expect(reply.body.data.card.birth_date, sent).toBe(stored);
      await http.delete(`/api/cards/${reply.body.data.card.id}`, { token: me.token });
    }
  });

  it('refuses dates it cannot read, outside 1000-01-01 to 9999-12-31 or in the future, changing nothing', async () => {
    const cases: [unknown, string][] = [
      ['not a date', 'INVALID_DATE'],
      ['1987-02-30', 'INVALID_DATE'],
      ['1987-07-26T25:00', 'INVALID_DATE'],
      ['26.07.1987', 'INVALID_DATE'],
      ['', 'INVALID_DATE'],
      ['0999-12-31', 'DATE_OUT_OF_RANGE'],
      ['9999-12-31T23:00:00-05:00', 'DATE_OUT_OF_RANGE'],
      [19870726, 'VALIDATION_ERROR'],
      // A birth date is never in the future, on a card as at sign-up.
      ['2300-01-01', 'INVALID_BIRTH_DATE'],
      ['9999-12-31T23:59', 'INVALID_BIRTH_DATE'],
      [new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10), 'INVALID_BIRTH_DATE'],
    ];
    for (const [sent, code] of cases) {
      const reply = await http.post('/api/cards', card({ birth_date: sent }), { token: me.token });
      expect(reply.status, String(sent)).toBe(400);
      expect(reply.body.error.code, String(sent)).toBe(code);
    }
    expect(await cardRows(me.id)).toHaveLength(0);
  });

  it('names a nameless card "No name" and keeps the other fields as sent', async () => {
    const created = await http.post(
      '/api/cards',
      { birth_date: '2001-09-11', is_public: true, is_birth_date: false },
      { token: me.token },
    );
    expect(created.body.data.card).toMatchObject({
      name: 'No name',
      description: null,
      is_public: true,
      is_birth_date: false,
      is_primary: true,
    });
    const blank = await addCard(me, { name: '   ' });
    expect(blank.name).toBe('No name');
  });

  it('changes only the fields a PUT sends', async () => {
    const original = await addCard(me, { name: 'Partial', description: 'keep me' });
    const renamed = (await http.put(`/api/cards/${original.id}`, { name: '  Renamed  ' }, { token: me.token })).body
      .data.card;
    expect(renamed).toMatchObject({ name: 'Renamed', birth_date: original.birth_date, description: 'keep me' });
    const redated = (
      await http.put(`/api/cards/${original.id}`, { birth_date: '1990-01-02T03:04' }, { token: me.token })
    ).body.data.card;
    expect(redated).toMatchObject({ name: 'Renamed', birth_date: '1990-01-02T03:04:00.000Z', description: 'keep me' });
    const cleared = (await http.put(`/api/cards/${original.id}`, { description: null }, { token: me.token })).body.data
      .card;
    expect(cleared.description).toBeNull();
    const untouched = await http.put(`/api/cards/${original.id}`, {}, { token: me.token });
    expect(untouched.status).toBe(200);
    expect(untouched.body.data.card.updated_at).toBe(cleared.updated_at);
    for (const bad of [{ birth_date: 'soon' }, { name: 5 }, { is_primary: 'yes' }, { owner: 'me' }]) {
      expect((await http.put(`/api/cards/${original.id}`, bad, { token: me.token })).status).toBe(400);
    }
    const [row] = (await cardRows(me.id)).filter((r) => r.id === original.id);
    expect(row?.name).toBe('Renamed');
  });
});

describe('the primary card', () => {
  it('makes the first card primary and keeps at most one primary per user', async () => {
    const me = await account();
    const first = await addCard(me, { name: 'First' });
    const second = await addCard(me, { name: 'Second' });
    expect(first.is_primary).toBe(true);
    expect(second.is_primary).toBe(false);
    const third = await addCard(me, { name: 'Third', is_primary: true });
    expect(third.is_primary).toBe(true);
    let list = (await listOf(me)).data;
    expect(list.filter((c) => c.is_primary).map((c) => c.name)).toEqual(['Third']);
    expect(list[0]?.name).toBe('Third');

    await http.put(`/api/cards/${second.id}`, { is_primary: true }, { token: me.token });
    list = (await listOf(me)).data;
    expect(list.filter((c) => c.is_primary).map((c) => c.name)).toEqual(['Second']);
  });

  it('passes the primary mark to the oldest card left when the primary card is deleted', async () => {
    const me = await account();
    const first = await addCard(me, { name: 'First' });
    await addCard(me, { name: 'Second' });
    const third = await addCard(me, { name: 'Third' });
    await http.delete(`/api/cards/${first.id}`, { token: me.token });
    expect((await listOf(me)).data.filter((c) => c.is_primary).map((c) => c.name)).toEqual(['Second']);
    await http.put(`/api/cards/${third.id}`, { is_primary: true }, { token: me.token });
    await http.delete(`/api/cards/${third.id}`, { token: me.token });
    expect((await listOf(me)).data.filter((c) => c.is_primary).map((c) => c.name)).toEqual(['Second']);
  });

  it('is held by the database too: a second primary row is refused', async () => {
    const me = await account();
    await addCard(me);
    await expect(
      ctx.database.db.insert(cards).values({
        userId: me.id,
        name: 'Sneaky',
        birthDate: new Date('1990-01-01T12:00:00Z'),
        isPrimary: true,
      }),
    ).rejects.toThrow();
    expect(await cardRows(me.id)).toHaveLength(1);
  });
});

describe('the plan limit', () => {
  it('keeps the limits in one map: free 3, basic 7, premium 40, remaining never below 0', () => {
    expect(CARD_LIMITS).toEqual({ free: 3, basic: 7, premium: 40 });
    expect(PLAN_TIERS.map((plan) => cardLimitsOf(plan, 3))).toEqual([
      { plan: 'free', limit: 3, count: 3, remaining: 0, canAdd: false },
      { plan: 'basic', limit: 7, count: 3, remaining: 4, canAdd: true },
      { plan: 'premium', limit: 40, count: 3, remaining: 37, canAdd: true },
    ]);
    expect(cardLimitsOf('basic', 6).canAdd).toBe(true);
    expect(cardLimitsOf('basic', 7).canAdd).toBe(false);
    expect(cardLimitsOf('free', 9).remaining).toBe(0);
    expect(cardLimitsOf('premium', 39).canAdd).toBe(true);
    expect(cardLimitsOf('premium', 40).canAdd).toBe(false);
  });

  it('takes the limit from the subscription: free 3, a basic grant 7, premium 40, back to 3 when revoked', async () => {
    const user = await account();
    const admin = await adminAccount();
    const at = new Date();
    expect(await planOf(ctx.database.db, { id: user.id, isAdmin: false }, at)).toBe('free');
    expect(await planOf(ctx.database.db, { id: admin.id, isAdmin: true }, at)).toBe('premium');
    expect((await listOf(admin)).limits).toMatchObject({ plan: 'premium', limit: 40 });

    const grant = (plan_id: string) =>
      http.post(`/api/admin/users/${user.id}/subscription`, { plan_id, days: 30 }, { token: admin.token });
    for (const name of ['One', 'Two', 'Three']) await addCard(user, { name });
    expect((await http.post('/api/cards', card({ name: 'Four' }), { token: user.token })).status).toBe(403);

    expect((await grant('basic_monthly')).status).toBe(200);
    expect((await listOf(user)).limits).toEqual({ plan: 'basic', limit: 7, count: 3, remaining: 4, canAdd: true });
    for (const name of ['Four', 'Five', 'Six', 'Seven']) await addCard(user, { name });
    const eighth = await http.post('/api/cards', card({ name: 'Eight' }), { token: user.token });
    expect(eighth.status).toBe(403);
    expect(eighth.body.error.code).toBe('CARD_LIMIT_REACHED');

    expect((await grant('premium_yearly')).status).toBe(200);
    expect((await listOf(user)).limits).toMatchObject({ plan: 'premium', limit: 40, remaining: 33 });
    await addCard(user, { name: 'Eight' });

    // A paused subscription gives no access; the cards already saved stay.
    await http.post('/api/subscriptions/pause', { days: 7 }, { token: user.token });
    expect((await listOf(user)).limits).toMatchObject({ plan: 'free', count: 8, canAdd: false });
    await http.post('/api/subscriptions/resume', {}, { token: user.token });
    expect((await http.delete(`/api/admin/users/${user.id}/subscription`, { token: admin.token })).status).toBe(200);
    expect((await listOf(user)).limits).toEqual({ plan: 'free', limit: 3, count: 8, remaining: 0, canAdd: false });
  });

  it('refuses the fourth card of a free user with CARD_LIMIT_REACHED', async () => {
    const me = await account();
    for (const name of ['One', 'Two', 'Three']) await addCard(me, { name });
    expect((await listOf(me)).limits).toEqual({ plan: 'free', limit: 3, count: 3, remaining: 0, canAdd: false });
    for (const base of ['/api/cards', '/api/calculation-profiles']) {
      const reply = await http.post(base, card({ name: 'Four' }), { token: me.token });
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({
        success: false,
        error: { code: 'CARD_LIMIT_REACHED', plan: 'free', limit: 3, count: 3 },
      });
    }
    expect(await cardRows(me.id)).toHaveLength(3);
    const { body } = await http.get('/api/calculation-profiles', { token: me.token });
    expect(body.data.limits.remaining).toBe(0);
  });

  it('lets only one of several concurrent adds at limit-1 through', async () => {
    const me = await account();
    await addCard(me, { name: 'One' });
    await addCard(me, { name: 'Two' });
    const replies = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => http.post('/api/cards', card({ name }), { token: me.token })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 403, 403, 403]);
    expect(await cardRows(me.id)).toHaveLength(3);
  });

  it('lets an administrator keep 40 cards and no more', async () => {
    const admin = await adminAccount();
    for (let i = 0; i < 40; i++) await addCard(admin, { name: `Card ${i}` });
    const reply = await http.post('/api/cards', card({ name: 'Card 41' }), { token: admin.token });
    expect(reply.body.error).toMatchObject({ code: 'CARD_LIMIT_REACHED', plan: 'premium', limit: 40 });
  });
});

describe('bringing a guest’s cards to the account', () => {
  const local = (localId: string, overrides: Record<string, unknown> = {}) => ({
    localId,
    name: `Local ${localId}`,
    birth_date: '1990-05-17T12:00:00.000Z',
    ...overrides,
  });

  it('imports new cards, skips duplicates by name and birth date, and names nameless ones', async () => {
    const me = await account();
    const existing = await addCard(me, { name: 'Mila', birth_date: '1987-07-26' });
    const reply = await http.post(
      '/api/cards/migrate',
      {
        cards: [
          local('1700000000001', { name: 'Mila', birth_date: '1987-07-26T12:00:00Z', is_primary: true }),
          local('1700000000002', { name: '' }),
          local('1700000000003', { name: 'Mila', birth_date: '1987-07-27' }),
          local('1700000000004', { name: null, birth_date: '1990-05-17' }),
        ],
      },
      { token: me.token },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { data } = reply.body;
    expect(data.skipped).toEqual([
      { localId: '1700000000001', reason: 'duplicate', id: existing.id },
      { localId: '1700000000004', reason: 'duplicate', id: data.imported[0].id },
    ]);
    expect(data.imported.map((i: { localId: string }) => i.localId)).toEqual(['1700000000002', '1700000000003']);
    expect(data.cards.map((c: { name: string; birth_date: string }) => [c.name, c.birth_date])).toEqual([
      ['Mila', '1987-07-26T12:00:00.000Z'],
      ['Мой расчёт', '1990-05-17T12:00:00.000Z'],
      ['Mila', '1987-07-27T12:00:00.000Z'],
    ]);
    expect(data.cards.filter((c: { is_primary: boolean }) => c.is_primary)).toHaveLength(1);
    expect(data.cards[0].id).toBe(existing.id);
    expect(data.limits).toMatchObject({ count: 3, remaining: 0 });

    const again = await http.post(
      '/api/cards/migrate',
      { cards: [local('1700000000002', { name: '' })] },
      { token: me.token },
    );
    expect(again.body.data.imported).toEqual([]);
    expect(await cardRows(me.id)).toHaveLength(3);
  });

  it('keeps the guest’s primary card primary on an account without cards', async () => {
    const me = await account();
    const reply = await http.post(
      '/api/cards/migrate',
      { cards: [local('1'), local('2', { is_primary: true }), local('3')] },
      { token: me.token },
    );
    expect(reply.body.data.cards.map((c: { name: string; is_primary: boolean }) => [c.name, c.is_primary])).toEqual([
      ['Local 2', true],
      ['Local 1', false],
      ['Local 3', false],
    ]);
  });

  it('skips what goes over the plan’s limit and says so', async () => {
    const me = await account();
    await addCard(me, { name: 'Already here' });
    const reply = await http.post(
      '/api/cards/migrate',
      { cards: [local('1'), local('2'), local('3'), local('4')] },
      { token: me.token },
    );
    expect(reply.body.data.imported.map((i: { localId: string }) => i.localId)).toEqual(['1', '2']);
    expect(reply.body.data.skipped).toEqual([
      { localId: '3', reason: 'limit', id: null },
      { localId: '4', reason: 'limit', id: null },
    ]);
    expect(await cardRows(me.id)).toHaveLength(3);
  });

  it('refuses the whole request when one card is bad, and adds none', async () => {
    const me = await account();
    const reply = await http.post(
      '/api/cards/migrate',
      { cards: [local('1'), local('2'), local('3', { birth_date: 'someday' })] },
      { token: me.token },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('INVALID_DATE');
    expect(await cardRows(me.id)).toHaveLength(0);
    expect((await http.post('/api/cards/migrate', { cards: [local('1')] })).status).toBe(401);
  });

  it('leaves no partial rows when the database fails half way through', async () => {
    const me = await account();
    const db = ctx.database.db;
    await db.execute(
      sql.raw(`create function refuse_doomed_card() returns trigger language plpgsql as $$
        begin
          if new.name = 'Doomed' then raise exception 'the disk is full'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw('create trigger refuse_doomed before insert on cards for each row execute function refuse_doomed_card()'),
    );
    try {
      const reply = await http.post(
        '/api/cards/migrate',
        { cards: [local('1', { name: 'Fine' }), local('2', { name: 'Doomed' }), local('3', { name: 'Never' })] },
        { token: me.token },
      );
      expect(reply.status).toBe(500);
      expect(reply.body.error.code).toBe('INTERNAL_ERROR');
      expect(await cardRows(me.id)).toHaveLength(0);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_doomed on cards'));
      await db.execute(sql.raw('drop function refuse_doomed_card()'));
    }
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from cards where user_id = ${me.id}`,
    );
    expect(n).toBe(0);
    const retried = await http.post(
      '/api/cards/migrate',
      { cards: [local('1', { name: 'Fine' })] },
      { token: me.token },
    );
    expect(retried.body.data.imported).toHaveLength(1);
  });
});
