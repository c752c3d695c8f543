import {
  addDays,
  castleOfKin,
  colorOfSeal,
  dateOfDayNumber,
  formatDate,
  kinOfDate,
  oracleOfKin,
  parseDate,
  sealOfKin,
  toneOfKin,
  waveSpellOfKin,
} from '@hunab/calendar';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { contentDir } from '../src/lib/paths.ts';
import { compareSignatures } from '../src/modules/compat/service.ts';
import { seedContent } from '../src/modules/content/seed.ts';
import { type Account, newAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

const account = () => newAccount(http);

let admin: Account;
let subscriber: Account;
let free: Account;

beforeAll(async () => {
  await seedContent(ctx.database.db, contentDir);
  admin = await account();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  subscriber = await account();
  free = await account();
  const granted = await http.post(
    `/api/admin/users/${subscriber.id}/subscription`,
    { plan_id: 'premium_monthly', days: 30 },
    { token: admin.token },
  );
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
}, 60_000);

/** A seeded pseudo-random generator, so a failing pair can be found again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** What the engine says about two kins, relation by relation. */
function expectedRelations(a: number, b: number): string[] {
  const oa = oracleOfKin(a);
  const ob = oracleOfKin(b);
  return [
    a === b && 'same_kin',
    oa.analog === b && 'analog',
    oa.antipod === b && 'antipode',
    oa.occult === b && 'occult',
    a !== b && ob.guide === a && 'a_guides_b',
    a !== b && oa.guide === b && 'b_guides_a',
    waveSpellOfKin(a) === waveSpellOfKin(b) && 'same_wavespell',
    castleOfKin(a) === castleOfKin(b) && 'same_castle',
    toneOfKin(a) === toneOfKin(b) && 'same_tone',
    sealOfKin(a) === sealOfKin(b) && 'same_seal',
  ]
    .filter((r): r is string => typeof r === 'string')
    .sort();
}

const url = (a: string, b: string, lang = 'en') => `/api/compat?a=${a}&b=${b}&lang=${lang}`;

describe('relations of two signatures', () => {
  it('agree with the calendar engine for 1,000 random pairs of dates', () => {
    const next = random(20_260_724);
    const start = parseDate('1930-01-01');
    let oracleHits = 0;
    for (let i = 0; i < 1000; i++) {
      const a = formatDate(addDays(start, Math.floor(next() * 36_500)));
      // Every fourth pair is made to be oracle partners, so those branches are tested too.
      const kinA = kinOfDate(parseDate(a));
      let b = formatDate(addDays(start, Math.floor(next() * 36_500)));
      if (i % 4 === 0) {
        const oracle = oracleOfKin(kinA);
        const target = [oracle.analog, oracle.antipod, oracle.occult, oracle.guide][
          i % 16 === 0 ? 3 : (i / 4) % 3
        ] as number;
        const offset = (((target - kinOfDate(parseDate(b))) % 260) + 260) % 260;
        b = formatDate(addDays(parseDate(b), offset));
        if (kinOfDate(parseDate(b)) !== target) b = formatDate(addDays(parseDate(b), 1));
      }
      const kinB = kinOfDate(parseDate(b));
      const result = compareSignatures(a, b, 'en');
      expect(result.a.kin.number).toBe(kinA);
      expect(result.b.kin.number).toBe(kinB);
      expect(result.relations.map((r) => r.type).sort(), `${a} ${b}`).toEqual(expectedRelations(kinA, kinB));
      expect(result.composite.number).toBe((kinA + kinB) % 260 || 260);
      const colors = [colorOfSeal(sealOfKin(kinA)), colorOfSeal(sealOfKin(kinB))].sort();
      const expectedColor =
        colors[0] === colors[1]
          ? 'same'
          : `${colors}` === '1,2' || `${colors}` === '3,4'
            ? 'analog'
            : `${colors}` === '1,3' || `${colors}` === '2,4'
              ? 'antipode'
              : 'occult';
      expect(result.color.type).toBe(expectedColor);
      if (result.relations.some((r) => ['analog', 'antipode', 'occult', 'b_guides_a'].includes(r.type))) oracleHits++;
    }
    expect(oracleHits).toBeGreaterThan(200);
  });

  it('answers the same relations through the API for a sample of pairs', async () => {
    const next = random(7);
    for (let i = 0; i < 40; i++) {
      const a = formatDate(dateOfDayNumber(Math.floor(next() * 20_000)));
      const b = formatDate(dateOfDayNumber(Math.floor(next() * 20_000)));
      const reply = await http.get(url(a, b));
      expect(reply.status).toBe(200);
      const kinA = kinOfDate(parseDate(a));
      const kinB = kinOfDate(parseDate(b));
      expect(reply.body.data.relations.map((r: { type: string }) => r.type).sort()).toEqual(
        expectedRelations(kinA, kinB),
      );
    }
  });

  it('turns a sum of 260 into kin 260, not 0', () => {
    // 2018-02-08 is kin 1; 2018-10-25 is 259 days later, kin 260; kin 130 + kin 130 = 260.
    const kin130 = formatDate(addDays(parseDate('2018-02-08'), 129));
    expect(compareSignatures(kin130, kin130, 'en').composite.number).toBe(260);
    expect(compareSignatures('2018-02-08', '2018-02-08', 'en').composite.number).toBe(2);
  });

  it('speaks the reader’s language', async () => {
    for (const lang of ['ru', 'ar', 'zh']) {
      const reply = await http.get(url('1987-07-26', '1990-03-15', lang));
      expect(reply.status).toBe(200);
      expect(reply.body.data.summary).toContain(reply.body.data.a.kin.name);
      expect(reply.body.data.summary).toContain(String(reply.body.data.composite.number));
    }
  });
});

describe('who reads what', () => {
  const pair = url('1987-07-26', '1987-07-26');

  it('gives a guest and a free user the summary alone', async () => {
    for (const token of [null, free.token]) {
      const reply = await http.get(pair, { token });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({ access: 'summary', reading: null });
      expect(reply.body.data.summary.length).toBeGreaterThan(40);
      expect(JSON.stringify(reply.body)).not.toContain('The same kin is a mirror');
    }
  });

  it('gives a subscriber and an administrator the whole reading, with the composite’s seal and tone', async () => {
    for (const who of [subscriber, admin]) {
      const reply = await http.get(pair, { token: who.token });
      expect(reply.status).toBe(200);
      expect(reply.body.data.access).toBe('full');
      const reading = reply.body.data.reading;
      expect(reading.relations.map((r: { type: string }) => r.type)).toContain('same_kin');
      expect(reading.relations.find((r: { type: string }) => r.type === 'same_kin').text).toContain('mirror');
      expect(reading.seal.text.length).toBeGreaterThan(100);
      expect(reading.tone.text.length).toBeGreaterThan(100);
    }
  });

  it('treats a signed-out token as a guest', async () => {
    const reply = await http.get(pair, { token: 'not.a.token' });
    expect(reply.status).toBe(200);
    expect(reply.body.data.access).toBe('summary');
  });

  it('refuses a missing or impossible date in the envelope', async () => {
    for (const query of ['?a=1987-07-26', '?a=1987-02-30&b=1990-01-01', '?a=x&b=y', '?a=1987-07-26&b=1990-01-01&c=1']) {
      const reply = await http.get(`/api/compat${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body).toMatchObject({ success: false, error: { code: expect.any(String) } });
    }
  });
});
