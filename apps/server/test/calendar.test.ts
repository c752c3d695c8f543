import { calendarDay, kinEntity, LANGUAGES, parseDate } from '@hunab/calendar';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';

const ctx = useTestApp();

async function get(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe('GET /api/calendar/day/{date}', () => {
  it.each(['2012-12-21', '2026-07-25', '2024-02-29', '2024-03-01', '1900-06-15', '9999-12-31', '1000-01-01'])(
    'answers %s exactly as the engine computes it',
    async (date) => {
      const { status, body } = await get(`/api/calendar/day/${date}`);
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, data: JSON.parse(JSON.stringify(calendarDay(parseDate(date), 'ru'))) });
    },
  );

  it('answers 2012-12-21 with kin 207 Blue Crystal Hand in English', async () => {
    const { body } = await get('/api/calendar/day/2012-12-21?lang=en');
    expect(body.data.kin.number).toBe(207);
    expect(body.data.kin.name).toBe('Blue Crystal Hand');
    expect(body.data.moon).toBe(6);
    expect(body.data.day).toBe(9);
  });

  it('gives the Day Out of Time and 0.0 Hunab Ku no moon, day, day of week or week', async () => {
    for (const date of ['2026-07-25', '2024-02-29']) {
      const { body } = await get(`/api/calendar/day/${date}`);
      expect([body.data.moon, body.data.day, body.data.dayOfWeek, body.data.week]).toEqual([null, null, null, null]);
    }
    expect((await get('/api/calendar/day/2026-07-25')).body.data.isDayOutOfTime).toBe(true);
    expect((await get('/api/calendar/day/2024-02-29')).body.data.isHunabKu).toBe(true);
  });

  it('carries the synchronometer of the day: PSI kin, fifth force, harmonic, chromatic, New Sirius date, heptad', async () => {
    const { body } = await get('/api/calendar/day/2025-07-26?lang=en');
    expect(body.data.psiKin).toEqual({ number: 1, name: 'Red Magnetic Dragon' });
    expect(body.data.newSirius).toEqual({ cycle: 1, year: 38, moon: 1, day: 1, text: 'NS1.38.1.1' });
    expect(body.data.heptad).toEqual({ number: 1, weekOfMoon: 1, dayOfWeek: 1, gate: 108 });
    // Kin 124 Yellow Resonant Seed: harmonic 31 (kins 121-124, an input cell) at its yellow stage.
    expect(body.data.kin.harmonic).toEqual({
      number: 31,
      timeCell: { number: 1, name: 'Input' },
      stage: { number: 4, name: 'Ripens' },
    });
    expect(body.data.kin.chromatic).toEqual({
      number: 25,
      clan: { number: 1, name: 'Fire Clan' },
      stage: { number: 5, name: 'Exit' },
    });
    expect(body.data.kin.fifthForce.number).toBe(kinEntity(124).fifthForce.number);
    const out = await get('/api/calendar/day/2026-07-25');
    expect(out.body.data.psiKin).toBeNull();
    expect(out.body.data.heptad).toBeNull();
    expect(out.body.data.newSirius.text).toBe('NS1.38.0.0');
    const leap = await get('/api/calendar/day/2028-02-29');
    expect(leap.body.data.psiKin).toEqual((await get('/api/calendar/day/2028-02-28')).body.data.psiKin);
    expect(leap.body.data.newSirius.text).toBe('NS1.40.0.0');
  });

  it('carries the true Moon at noon UTC with the next new and full moon dates', async () => {
    const { body } = await get('/api/calendar/day/2026-07-14');
    expect(body.data.moonPhase).toMatchObject({
      image: 1,
      phase: 1,
      nextNewMoon: '2026-07-14',
      nextFullMoon: '2026-07-29',
    });
    expect((await get('/api/calendar/day/2026-07-13')).body.data.moonPhase.image).toBe(29);
  });

  it('documents every new field of the day record in the API description', async () => {
    const doc = (await get('/api/docs/json')).body;
    const day = JSON.stringify(doc.paths['/api/calendar/day/{date}'].get.responses['200']);
    for (const field of [
      'psiKin',
      'newSirius',
      'heptad',
      'moonPhase',
      'nextNewMoon',
      'fifthForce',
      'harmonic',
      'chromatic',
    ]) {
      expect(day).toContain(`"${field}"`);
    }
    expect(day).toContain('PSI chrono kin');
    expect(day).toContain('Meeus');
    expect(day).toContain('opening with kin 260');
  });

  it('names everything in each of the eight languages, Russian by default', async () => {
    for (const lang of LANGUAGES) {
      const { body } = await get(`/api/calendar/day/2025-07-26?lang=${lang}`);
      expect(body.data.kin.name).toBe(kinEntity(124, lang).name);
    }
    expect((await get('/api/calendar/day/2025-07-26')).body.data.kin.name).toBe('Жёлтое Резонансное Семя');
  });

  it.each([
    ['2023-02-30', 'INVALID_DATE', 'Invalid date: 2023-02-30 does not exist.'],
    ['not-a-date', 'INVALID_DATE', 'Invalid date: "not-a-date" is not in the form YYYY-MM-DD.'],
    ['2023-1-5', 'INVALID_DATE', 'Invalid date: "2023-1-5" is not in the form YYYY-MM-DD.'],
    ['0999-12-31', 'DATE_OUT_OF_RANGE', 'Date out of range: the year must be between 1000 and 9999.'],
    ['10000-01-01', 'DATE_OUT_OF_RANGE', 'Date out of range: dates run from 1000-01-01 to 9999-12-31.'],
  ])('refuses %s with 400 %s', async (date, code, message) => {
    const { status, body } = await get(`/api/calendar/day/${date}`);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: { code, message } });
  });

  it('refuses an unknown language and unknown query fields', async () => {
    const fr = await get('/api/calendar/day/2020-01-01?lang=fr');
    expect(fr.status).toBe(400);
    expect(fr.body.success).toBe(false);
    expect(fr.body.error.message).toMatch(/Unsupported language/);
    const extra = await get('/api/calendar/day/2020-01-01?foo=1');
    expect(extra.status).toBe(400);
    expect(extra.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('lets the day be cached', async () => {
    const { headers } = await get('/api/calendar/day/2020-01-01');
    expect(headers['cache-control']).toContain('max-age=');
  });

  it('sends the same UTF-8 JSON each time over a real connection, whatever the script of the names', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
    for (const lang of ['ru', 'ja', 'ar', 'en']) {
      const url = `${base}/api/calendar/day/2025-07-26?lang=${lang}`;
      const [first, second] = [await fetch(url), await fetch(url)];
      const [text, again] = [await first.text(), await second.text()];
      expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Number(first.headers.get('content-length'))).toBe(Buffer.byteLength(text));
      expect(again).toBe(text);
      expect(JSON.parse(text).data.kin.name).toBe(kinEntity(124, lang as (typeof LANGUAGES)[number]).name);
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));
    }
  });
});

describe('GET /api/calendar/kin/{n}', () => {
  it('answers the Kin entity with its oracle', async () => {
    const { status, body } = await get('/api/calendar/kin/34?lang=en');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      number: 34,
      name: 'White Galactic Wizard',
      tone: { number: 8, name: 'Galactic' },
      sign: { number: 14, name: 'White Wizard' },
      oracle: { analog: 125, antipod: 164, occult: 227, guide: 138, driver: 138 },
    });
  });

  it.each(['0', '261', '1.5', '-3', 'abc', '1e2', '0034x'])('refuses kin %s with the spec message', async (n) => {
    const { status, body } = await get(`/api/calendar/kin/${n}`);
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      error: { code: 'INVALID_KIN', message: 'Invalid kin number. Must be between 1 and 260.' },
    });
  });

  it('answers every kin from 1 to 260', async () => {
    for (let n = 1; n <= 260; n += 37) expect((await get(`/api/calendar/kin/${n}`)).body.data.number).toBe(n);
    expect((await get('/api/calendar/kin/260')).body.data.number).toBe(260);
  });
});
