import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { experimentExposures, users } from '../src/db/schema.ts';
import { EXPOSURES_PER_ADDRESS_PER_HOUR, pickVariant } from '../src/modules/experiments/routes.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, registration } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

async function signUp() {
  const reply = await http.post('/api/auth/register', registration(), { ip: newAddress() });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { token: reply.body.token as string, id: reply.body.user.id as string };
}
const audits = async (action: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from admin_audit where action = ${action}`,
      )
    )[0]?.n,
  );

const VARIANTS = [
  { key: 'control', weight: 1 },
  { key: 'green', weight: 1 },
];
let boss: Awaited<ReturnType<typeof signUp>>;
let reader: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  boss = await signUp();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, boss.id));
  reader = await signUp();
});

describe('variant assignment', () => {
  it('keeps a subject in one variant and follows the weights', () => {
    const counts = { control: 0, green: 0 };
    for (let i = 0; i < 2000; i++) {
      const variant = pickVariant('button', `anon:${i}`, VARIANTS) as 'control' | 'green';
      expect(pickVariant('button', `anon:${i}`, VARIANTS)).toBe(variant);
      counts[variant]++;
    }
    expect(counts.control).toBeGreaterThan(850);
    expect(counts.green).toBeGreaterThan(850);
    const skewed = [
      { key: 'a', weight: 0 },
      { key: 'b', weight: 3 },
    ];
    for (let i = 0; i < 200; i++) expect(pickVariant('x', `user:${i}`, skewed)).toBe('b');
  });
});

describe('A/B tests', () => {
  it('refuses guests 401 and readers 403 on the admin calls', async () => {
    const body = { key: 'nope', name: 'Nope', variants: VARIANTS };
    for (const [method, url] of [
      ['GET', '/api/admin/experiments'],
      ['POST', '/api/admin/experiments'],
      ['PATCH', '/api/admin/experiments/1'],
    ] as const) {
      const payload = method === 'GET' ? undefined : body;
      expect((await http.call(method, url, payload)).status, url).toBe(401);
      expect((await http.call(method, url, payload, { token: reader.token })).status, url).toBe(403);
    }
  });

  it('creates, assigns, counts conversions per variant, stops, all audited', async () => {
    const before = await audits('experiment.create');
    const created = await http.post(
      '/api/admin/experiments',
      { key: 'cta-color', name: 'Call to action colour', variants: VARIANTS },
      { token: boss.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await audits('experiment.create')).toBe(before + 1);
    const again = await http.post(
      '/api/admin/experiments',
      { key: 'cta-color', name: 'Twice', variants: VARIANTS },
      { token: boss.token },
    );
    expect(again.status).toBe(409);
    expect(await audits('experiment.create')).toBe(before + 1);

    const given = new Map<string, string>();
    for (let i = 0; i < 20; i++) {
      const anonymousId = `visitor-${i}-abcdef`;
      const ip = newAddress();
      await http.post('/api/analytics/track', { event: 'page_view', session_id: anonymousId }, { ip });
      const reply = await http.get(`/api/experiments/cta-color/assignment?anonymousId=${anonymousId}`, { ip });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.data.variant).toBe(pickVariant('cta-color', `anon:${anonymousId}`, VARIANTS));
      given.set(anonymousId, reply.body.data.variant);
    }
    const mine = await http.get('/api/experiments/cta-color/assignment', { token: reader.token });
    expect(mine.body.data.variant).toBe(pickVariant('cta-color', `user:${reader.id}`, VARIANTS));
    // Converting twice counts once; a subject never exposed counts nothing.
    const first = [...given.keys()][0] as string;
    for (const expected of [true, false]) {
      const reply = await http.post(
        '/api/experiments/cta-color/conversion',
        { anonymousId: first },
        { ip: newAddress() },
      );
      expect(reply.body.data).toEqual({ recorded: expected, variant: given.get(first) });
    }
    const stranger = await http.post('/api/experiments/cta-color/conversion', { anonymousId: 'never-seen-1' });
    expect(stranger.body.data).toEqual({ recorded: false, variant: null });

    const list = await http.get('/api/admin/experiments', { token: boss.token });
    const row = list.body.data.find((experiment: { key: string }) => experiment.key === 'cta-color');
    const firstVariant = given.get(first) as string;
    const exposed = (key: string) => [...given.values()].filter((value) => value === key).length;
    for (const variant of row.variants) {
      const mineToo = mine.body.data.variant === variant.key ? 1 : 0;
      expect(variant.exposures, variant.key).toBe(exposed(variant.key) + mineToo);
      expect(variant.conversions, variant.key).toBe(variant.key === firstVariant ? 1 : 0);
      expect(variant.rate).toBeCloseTo(variant.exposures ? variant.conversions / variant.exposures : 0);
    }
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/experiments?format=csv',
      headers: { authorization: `Bearer ${boss.token}` },
    });
    expect(csv.body).toContain('cta-color');

    const stopped = await http.call(
      'PATCH',
      `/api/admin/experiments/${row.id}`,
      { status: 'stopped', reason: 'green wins' },
      { token: boss.token },
    );
    expect(stopped.status).toBe(200);
    expect(stopped.body.data.stoppedAt).not.toBeNull();
    expect(await audits('experiment.stop')).toBe(1);
    const after = await http.get('/api/experiments/cta-color/assignment?anonymousId=someone-new-1');
    expect(after.body.data).toEqual({ key: 'cta-color', variant: 'control', running: false });
  });

  it('counts an anonymous id only once seen on a page view, and a few new exposures per address an hour', async () => {
    const created = await http.post(
      '/api/admin/experiments',
      { key: 'banner-text', name: 'Banner text', variants: VARIANTS },
      { token: boss.token },
    );
    expect(created.status).toBe(200);
    const exposures = async () =>
      (await ctx.database.db.select().from(experimentExposures)).filter(
        (row) => row.experimentId === created.body.data.id,
      ).length;
    const assign = (anonymousId: string, ip: string) =>
      http.get(`/api/experiments/banner-text/assignment?anonymousId=${anonymousId}`, { ip });
    // Made-up ids get their variant but are not counted.
    const prober = newAddress();
    for (let i = 0; i < 30; i++) {
      const reply = await assign(`made-up-${i}-abcdef`, prober);
      expect(reply.status).toBe(200);
      expect(reply.body.data.running).toBe(true);
    }
    expect(await exposures()).toBe(0);
    // Visitors seen on a page view are counted, up to the address's share of the hour.
    const office = newAddress();
    for (let i = 0; i < EXPOSURES_PER_ADDRESS_PER_HOUR + 5; i++) {
      const anonymousId = `seen-${i}-abcdef`;
      await http.post('/api/analytics/track', { event: 'page_view', session_id: anonymousId }, { ip: newAddress() });
      expect((await assign(anonymousId, office)).status).toBe(200);
      expect((await assign(anonymousId, office)).status).toBe(200);
    }
    expect(await exposures()).toBe(EXPOSURES_PER_ADDRESS_PER_HOUR);
  });

  it('refuses bad input with 400 and unknown tests with 404', async () => {
    for (const body of [
      { key: 'Bad Key', name: 'x', variants: VARIANTS },
      { key: 'one', name: 'x', variants: [VARIANTS[0]] },
      { key: 'dup', name: 'x', variants: [VARIANTS[0], VARIANTS[0]] },
      { key: 'zero', name: 'x', variants: VARIANTS.map((v) => ({ ...v, weight: 0 })) },
      { key: 'extra', name: 'x', variants: VARIANTS, admin: true },
    ]) {
      const reply = await http.post('/api/admin/experiments', body, { token: boss.token });
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    expect((await http.get('/api/experiments/cta-color/assignment')).status).toBe(400);
    expect((await http.get('/api/experiments/cta-color/assignment?anonymousId=x')).status).toBe(400);
    expect((await http.get('/api/experiments/missing/assignment?anonymousId=someone-1')).status).toBe(404);
    // One address and subject gets 60 answers a minute, then 429 in the envelope.
    const ip = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await http.get('/api/experiments/cta-color/assignment?anonymousId=hammering-1', { ip })).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    const limited = await http.get('/api/experiments/cta-color/assignment?anonymousId=hammering-1', { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(
      (await http.call('PATCH', '/api/admin/experiments/999999', { name: 'x' }, { token: boss.token })).status,
    ).toBe(404);
  });
});
