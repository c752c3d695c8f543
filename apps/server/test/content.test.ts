import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kinOfDate, today } from '@hunab/calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems } from '../src/db/schema.ts';
import { seedContent } from '../src/modules/content/seed.ts';
import { useTestApp } from './helpers/app.ts';
import { client, registration } from './helpers/http.ts';

const dir = mkdtempSync(join(tmpdir(), 'hunab-content-'));
function write(path: string, text: string) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
}
const reading = (title: string, body: string) =>
  `---\ntitle: ${title}\nkeywords: [Свершение, Знает, "Исцеление"]\nsummary: "Рука: знание через действие"\n---\n${body}\n`;
write('ru/signs/7.mdx', reading('Синяя Рука', '## Смысл\n\nРука знает.'));
write('en/signs/7.mdx', reading('Blue Hand', '## Meaning\n\nThe hand knows.'));
write('ru/tones/12.mdx', reading('Кристаллический', '## Смысл\n\nСотрудничество.'));
write('ru/signs/99.mdx', reading('Нет такой', 'ignored'));
const day = {
  title: 'День 12: сотрудничество',
  assignment: 'Сделайте что-то вместе.',
  questions: ['С кем?', 'Зачем?', 'Как?'],
  polls: [{ question: 'Насколько легко?', options: ['Легко', 'Трудно'] }],
};
write('ru/process/13days.json', JSON.stringify({ '12': day }));
write(
  'en/process/13days.json',
  JSON.stringify({ '12': { ...day, polls: [{ question: 'How easy?', options: ['Easy', 'Hard'] }] } }),
);

const ctx = useTestApp(() => ({ contentDir: dir }));
const http = client(() => ctx.app);

beforeAll(async () => {
  const first = await seedContent(ctx.database.db, dir);
  expect(first).toMatchObject({ readings: 3, skipped: false });
  expect((await seedContent(ctx.database.db, dir)).skipped).toBe(true);
});

describe('readings', () => {
  it('answers a seal in the asked language with its keywords and summary', async () => {
    const reply = await http.get('/api/content/seal/7?lang=ru');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      data: {
        content_id: 'seal_7',
        title: 'Синяя Рука',
        content_text: '## Смысл\n\nРука знает.',
        metadata: {
          kind: 'seal',
          number: 7,
          lang: 'ru',
          keywords: ['Свершение', 'Знает', 'Исцеление'],
          summary: 'Рука: знание через действие',
        },
      },
    });
    expect((await http.get('/api/content/seal/7?lang=en')).body.data.title).toBe('Blue Hand');
    expect((await http.get('/api/content/tone/12')).body.data.title).toBe('Кристаллический');
  });

  it('answers 404 for a reading not written in a language, and 400 for a seal or tone out of range', async () => {
    expect((await http.get('/api/content/seal/8?lang=ru')).body.error.code).toBe('CONTENT_NOT_FOUND');
    for (const url of [
      '/api/content/seal/0',
      '/api/content/seal/21',
      '/api/content/tone/14',
      '/api/content/tone/x',
      '/api/content/seal/7?lang=fr',
    ]) {
      expect((await http.get(url)).status, url).toBe(400);
    }
  });

  it('keeps an edited reading when the files load again', async () => {
    await ctx.database.db
      .update(contentItems)
      .set({ body: 'edited', editedAt: new Date() })
      .where(eq(contentItems.title, 'Blue Hand'));
    write('en/signs/7.mdx', reading('Blue Hand', '## Meaning\n\nChanged in the file.'));
    write('ru/signs/7.mdx', reading('Синяя Рука', '## Смысл\n\nИзменено в файле.'));
    await seedContent(ctx.database.db, dir);
    expect((await http.get('/api/content/seal/7?lang=en')).body.data.content_text).toBe('edited');
    expect((await http.get('/api/content/seal/7?lang=ru')).body.data.content_text).toContain('Изменено в файле');
  });

  it('serves the Markdown files themselves under /content/', async () => {
    const file = await ctx.app.inject('/content/ru/signs/7.mdx');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/markdown');
    expect(file.body).toContain('title: Синяя Рука');
    expect((await ctx.app.inject('/content/ru/signs/8.mdx')).statusCode).toBe(404);
  });
});

describe('the 13-day process', () => {
  // 21 December 2012 is Kin 207, tone 12: the day whose items these tests read is open to everyone then.
  beforeAll(() => {
    ctx.clock.offsetMs = Date.parse('2012-12-21T12:00:00Z') - Date.now();
  });
  afterAll(() => {
    ctx.clock.offsetMs = 0;
  });

  it('lists the items of a tone day in order with their types', async () => {
    const reply = await http.get('/api/content/process?cycleType=13days&cycleValue=12&lang=ru');
    expect(reply.body.content.map((i: { content_id: string; type_app: string }) => [i.content_id, i.type_app])).toEqual(
      [
        ['13days_12_title', 'other'],
        ['13days_12_assignment', 'other'],
        ['13days_12_question_1', 'question'],
        ['13days_12_question_2', 'question'],
        ['13days_12_question_3', 'question'],
        ['13days_12_poll_1', 'poll'],
      ],
    );
    expect(reply.body.content[5].options).toEqual(['Легко', 'Трудно']);
    expect((await http.get('/api/content/process?cycleType=13days&cycleValue=14')).status).toBe(400);
    expect((await http.get('/api/content/process?cycleType=26days&cycleValue=1')).status).toBe(400);
  });

  it('keeps one answer per question per user, the latest, and only for signed-in users', async () => {
    const { token } = (await http.post('/api/auth/register', registration())).body;
    const answer = (questionId: string, response: string, t: string | null = token) =>
      http.post(
        '/api/content/submit-response',
        { questionId, response, cycleType: '13days', cycleValue: 12, lang: 'ru' },
        { token: t },
      );
    expect((await answer('13days_12_question_1', 'С семьёй', null)).status).toBe(401);
    expect((await answer('13days_12_question_1', 'С семьёй')).body).toEqual({ success: true });
    expect((await answer('13days_12_question_1', 'С друзьями')).status).toBe(200);
    expect((await answer('13days_12_poll_1', 'Hard')).status).toBe(200);
    expect((await answer('13days_12_poll_1', 'Не вариант')).status).toBe(400);
    expect((await answer('13days_12_assignment', 'нельзя')).body.error.code).toBe('UNKNOWN_QUESTION');
    expect((await answer('13days_5_question_1', 'нет такого')).status).toBe(400);
    expect((await answer('13days_12_question_2', '   ')).status).toBe(400);
    const kept = await http.get('/api/content/responses?cycleType=13days&cycleValue=12', { token });
    expect(
      kept.body.responses.map((r: { questionId: string; response: string }) => [r.questionId, r.response]).sort(),
    ).toEqual([
      ['13days_12_poll_1', 'Hard'],
      ['13days_12_question_1', 'С друзьями'],
    ]);
  });
});

describe('shortcodes and hunabmath', () => {
  it('replaces shortcodes with live values and leaves unknown ones', async () => {
    const reply = await http.post('/api/bot-stats/process-shortcodes', {
      content: 'Нас уже [users_count]. Сегодня кин [today_kin]. [unknown]',
      language: 'ru',
    });
    expect(reply.body.processedContent.replacedShortcodes.sort()).toEqual(['today_kin', 'users_count']);
    expect(reply.body.processedContent.processedContent).toMatch(
      /^Нас уже [\d\s]+\+?\. Сегодня кин \d+\. \[unknown\]$/,
    );
    const bad = await http.post('/api/bot-stats/process-shortcodes', { content: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Content must be a string');
  });

  it("answers today's kin and tone", async () => {
    const reply = await http.get('/api/debug/hunabmath?lang=en');
    expect(reply.body.hunabmath.kin.number).toBe(kinOfDate(today()));
    expect(reply.body.hunabmath.tone.number).toBe(reply.body.hunabmath.kin.tone.number);
    expect((await http.get('/api/debug/hunabmath?date=2012-12-21&lang=en')).body.hunabmath.kin.name).toBe(
      'Blue Crystal Hand',
    );
  });
});
