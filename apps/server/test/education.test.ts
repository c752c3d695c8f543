import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from '@hunab/calendar';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { eduLessons, eduLessonTexts, purchases, subscriptions } from '../src/db/schema.ts';
import { contentDir } from '../src/lib/paths.ts';
import { type CoursePlan, readEducation, seedEducation } from '../src/modules/education/seed.ts';
import { newAccount, newAdmin } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

/** A copy of the real content folder, so a test may change a file without touching the product's. */
const dir = mkdtempSync(join(tmpdir(), 'hunab-education-'));
cpSync(join(contentDir, 'education'), join(dir, 'education'), { recursive: true });

const ctx = useTestApp(() => ({ contentDir: dir }));
const api = client(() => ctx.app);

const signUp = () => newAccount(api);
const admin = () => newAdmin(api, ctx.database.db);
let adminToken = '';
async function subscriber(plan = 'basic_monthly') {
  const account = await signUp();
  const grant = await api.post(
    `/api/admin/users/${account.id}/subscription`,
    { plan_id: plan, days: 30 },
    {
      token: adminToken,
    },
  );
  expect(grant.status).toBe(200);
  return account;
}
const count = async (table: string) =>
  Number((await queryRows<{ n: number }>(ctx.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n);

beforeAll(async () => {
  expect((await seedEducation(ctx.database.db, dir)).skipped).toBe(false);
  adminToken = (await admin()).token;
});

describe('the seed', () => {
  it('loads every course once: a second run is skipped, a changed file updates unedited rows only', async () => {
    const lessons = await count('edu_lessons');
    const texts = await count('edu_lesson_texts');
    expect(lessons).toBeGreaterThanOrEqual(6 + 14 + 10);
    expect((await seedEducation(ctx.database.db, dir)).skipped).toBe(true);

    // An administrator's edit survives a changed folder; an unedited lesson takes the file's new text.
    const [edited] = await ctx.database.db
      .select()
      .from(eduLessons)
      .where(eq(eduLessons.courseId, 'subscription'))
      .orderBy(eduLessons.rank)
      .limit(1);
    const put = await api.put(
      `/api/admin/education/lessons/${edited?.id}`,
      { lang: 'en', title: 'Edited by hand' },
      { token: adminToken },
    );
    expect(put.status).toBe(200);
    const file = join(dir, 'education', 'subscription', 'en', 'lesson-1.md');
    const other = join(dir, 'education', 'subscription', 'en', 'lesson-2.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Changed in the file'));
    writeFileSync(other, readFileSync(other, 'utf8').replace(/^title: .*$/m, 'title: Second, changed'));
    const again = await seedEducation(ctx.database.db, dir);
    expect(again.skipped).toBe(false);
    expect(await count('edu_lessons')).toBe(lessons);
    expect(await count('edu_lesson_texts')).toBe(texts);
    const titles = await ctx.database.db
      .select({ title: eduLessonTexts.title })
      .from(eduLessonTexts)
      .where(eq(eduLessonTexts.lang, 'en'));
    expect(titles.map((row) => row.title)).toContain('Edited by hand');
    expect(titles.map((row) => row.title)).toContain('Second, changed');
    expect(titles.map((row) => row.title)).not.toContain('Changed in the file');
  });

  it('does not serve the lesson files as static content', async () => {
    expect((await api.get('/content/education/courses.json')).status).toBe(404);
    expect((await api.get('/content/education/subscription/en/lesson-3.md')).status).toBe(404);
  });
});

describe('the lessons in content/education', () => {
  const { plan, texts } = readEducation(contentDir);
  const text = (course: string, slug: string, lang: string) =>
    texts.find((t) => t.course === course && t.slug === slug && t.lang === lang);

  it('has an intro course, 13 tone lessons after an intro, and at least ten subscription lessons, in every language', () => {
    const byId = new Map(plan.map((course) => [course.id, course]));
    const intro = byId.get('intro') as CoursePlan;
    for (const course of plan) expect(course.languages, course.id).toEqual([...LANGUAGES]);
    expect(intro.lessons.length).toBeGreaterThanOrEqual(5);
    expect(intro.lessons.length).toBeLessThanOrEqual(7);
    expect(byId.get('13-days')?.lessons.map((l) => l.slug)).toEqual([
      'intro',
      ...Array.from({ length: 13 }, (_, i) => `lesson-${i + 1}`),
    ]);
    expect(byId.get('subscription')?.lessons.length).toBeGreaterThanOrEqual(10);
  });

  it('writes every lesson in each of its course’s languages, with a title, a real length and only glyph images', () => {
    for (const course of plan) {
      for (const lesson of course.lessons) {
        for (const lang of course.languages) {
          const found = text(course.id, lesson.slug, lang);
          expect(found, `${course.id}/${lang}/${lesson.slug}`).toBeDefined();
          if (!found) continue;
          expect(found.title.length, `${course.id}/${lang}/${lesson.slug} title`).toBeGreaterThan(2);
          // Japanese and Chinese write without spaces: their length is counted in characters, about two to a word.
          const words =
            lang === 'ja' || lang === 'zh'
              ? found.body.replace(/\s+/g, '').length / 2
              : found.body.split(/\s+/).filter(Boolean).length;
          expect(words, `${course.id}/${lang}/${lesson.slug} words`).toBeGreaterThanOrEqual(180);
          for (const image of found.body.matchAll(/!\[[^\]]*\]\(([^)]*)\)/g)) {
            expect(image[1], `${course.id}/${lang}/${lesson.slug}`).toMatch(
              /^glyph:(seal\/([1-9]|1\d|20)|tone\/([1-9]|1[0-3])|plasma\/[1-7]|kin\/\d{1,3})$/,
            );
          }
        }
      }
    }
  });

  it('gives each tone lesson of the 13 days its tone’s glyph and a practice', () => {
    for (const lang of ['ru', 'en']) {
      for (let tone = 1; tone <= 13; tone++) {
        const body = text('13-days', `lesson-${tone}`, lang)?.body ?? '';
        expect(body, `${lang} ${tone}`).toContain(`(glyph:tone/${tone})`);
        expect(body, `${lang} ${tone}`).toMatch(lang === 'ru' ? /## Практика/ : /## Practice/);
      }
    }
  });
});

describe('locks', () => {
  const lesson = (course: string, slug: string, token?: string, lang = 'en') =>
    api.get(`/api/education/courses/${course}/lessons/${slug}?lang=${lang}`, { token: token ?? null });
  /** A closed lesson is an answer: 200, no text, and why it is closed. */
  const lockOf = async (course: string, slug: string, token?: string) => {
    const reply = await lesson(course, slug, token);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toBeNull();
    return reply.body.locked as { reason: string; available_at: string | null; signed_in: boolean } | null;
  };

  it('opens the intro course to everyone, guests included, in the language asked', async () => {
    const reply = await lesson('intro', 'lesson-1', undefined, 'en');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ course_id: 'intro', lang: 'en', is_unlocked: true, previous: null });
    expect(reply.body.data.next.slug).toBe('lesson-2');
    const list = await api.get('/api/education/courses?lang=ru');
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual(['intro', '13-days', 'subscription']);
    const english = await api.get('/api/education/courses?lang=en');
    expect(english.body.data.map((c: { id: string }) => c.id)).toEqual(['intro', '13-days', 'subscription']);
    const german = await api.get('/api/education/courses/13-days?lang=de');
    expect(german.body.data.lang).toBe('de');
  });

  it('closes a subscription lesson to a guest and a free user, saying why without an error, and opens it to a subscriber', async () => {
    expect(await lockOf('subscription', 'lesson-1')).toMatchObject({ reason: 'subscription', signed_in: false });
    const free = await signUp();
    expect(await lockOf('subscription', 'lesson-1', free.token)).toMatchObject({
      reason: 'subscription',
      signed_in: true,
    });

    const paid = await subscriber();
    const open = await lesson('subscription', 'lesson-1', paid.token);
    expect(open.status).toBe(200);
    expect(open.body.data.body.length).toBeGreaterThan(500);

    const spec = await api.get('/api/lessons/courses/subscription?lang=en', { token: free.token });
    expect(spec.body.success).toBe(true);
    expect(spec.body.lessons.length).toBeGreaterThanOrEqual(10);
    expect(spec.body.lessons[0]).toEqual({
      id: expect.any(Number),
      slug: 'lesson-1',
      lesson_number: 1,
      title: expect.any(String),
      is_unlocked: false,
      translation: { title_key: 'education.subscription.lesson-1.title' },
    });
    const forPaid = await api.get('/api/lessons/courses/subscription?lang=en', { token: paid.token });
    expect(forPaid.body.lessons.every((l: { is_unlocked: boolean }) => l.is_unlocked)).toBe(true);
    // A lesson may also be asked for by its numeric id.
    expect((await lesson('subscription', String(spec.body.lessons[1].id), paid.token)).body.data.slug).toBe('lesson-2');
  });

  it('opens the 13 days with the 13days programme or a subscription, its intro to anyone', async () => {
    const free = await signUp();
    expect((await lesson('13-days', 'intro', free.token)).body.data).not.toBeNull();
    expect(await lockOf('13-days', 'lesson-1', free.token)).toMatchObject({ reason: 'subscription' });
    const course = await api.get('/api/education/courses/13-days?lang=en', { token: free.token });
    expect(course.body.data.is_unlocked).toBe(false);
    expect(course.body.data.lessons[0]).toMatchObject({ slug: 'intro', is_unlocked: true, free_preview: true });
    expect(course.body.data.lessons[1]).toMatchObject({
      slug: 'lesson-1',
      is_unlocked: false,
      lock_reason: 'subscription',
    });

    // Another programme does not open it; the 13-day programme does, and still not the subscription course.
    await ctx.database.db.insert(purchases).values({ userId: free.id, productName: '260days', productLevel: 1 });
    expect(await lockOf('13-days', 'lesson-1', free.token)).toMatchObject({ reason: 'subscription' });
    await ctx.database.db.insert(purchases).values({ userId: free.id, productName: '13days', productLevel: 1 });
    const bought = await lesson('13-days', 'lesson-13', free.token);
    expect(bought.status).toBe(200);
    expect(bought.body.data.next).toBeNull();
    expect(bought.body.data.previous.slug).toBe('lesson-12');
    expect(await lockOf('subscription', 'lesson-1', free.token)).toMatchObject({ reason: 'subscription' });

    const paid = await subscriber('premium_monthly');
    expect((await lesson('13-days', 'lesson-5', paid.token)).body.data).not.toBeNull();
    expect((await lesson('13-days', 'lesson-5', adminToken)).body.data).not.toBeNull();
  });

  it('closes a lesson again when the subscription ends', async () => {
    const paid = await subscriber();
    expect((await lesson('subscription', 'lesson-2', paid.token)).body.data).not.toBeNull();
    await ctx.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, paid.id));
    expect(await lockOf('subscription', 'lesson-2', paid.token)).toMatchObject({ reason: 'subscription' });
  });

  it('releases a drip lesson a number of days after enrolment', async () => {
    const [target] = await ctx.database.db
      .select()
      .from(eduLessons)
      .where(eq(eduLessons.courseId, 'intro'))
      .orderBy(eduLessons.rank)
      .offset(2)
      .limit(1);
    const changed = await api.put(
      `/api/admin/education/lessons/${target?.id}`,
      { drip_days: 2, free_preview: false },
      { token: adminToken },
    );
    expect(changed.body.data).toMatchObject({ drip_days: 2, free_preview: false });
    try {
      const reader = await signUp();
      expect(await lockOf('intro', target?.slug ?? '', reader.token)).toMatchObject({
        reason: 'drip',
        available_at: null,
      });
      await api.post(
        '/api/education/progress',
        { course_id: 'intro', lesson_id: 'lesson-1', status: 'viewed' },
        { token: reader.token },
      );
      const enrolled = await lockOf('intro', target?.slug ?? '', reader.token);
      expect(enrolled?.reason).toBe('drip');
      expect(Date.parse(enrolled?.available_at ?? '')).toBeGreaterThan(Date.now() + 86_400_000);
      ctx.clock.offsetMs = 2 * 86_400_000 + 60_000;
      expect((await lesson('intro', target?.slug ?? '', reader.token)).body.data).not.toBeNull();
    } finally {
      ctx.clock.offsetMs = 0;
      await api.put(
        `/api/admin/education/lessons/${target?.id}`,
        { drip_days: null, free_preview: true },
        { token: adminToken },
      );
    }
  });

  it('answers unknown courses and lessons with 404 in the envelope', async () => {
    expect((await api.get('/api/education/courses/nope')).body.error.code).toBe('COURSE_NOT_FOUND');
    expect((await lesson('intro', 'lesson-99')).body.error.code).toBe('LESSON_NOT_FOUND');
    expect((await lesson('intro', 'Lesson_1')).status).toBe(400);
  });
});

describe('progress', () => {
  const mark = (token: string | null, lesson_id: string, status: string, extra: object = {}) =>
    api.post('/api/education/progress', { course_id: 'intro', lesson_id, status, ...extra }, { token });

  it('keeps each reader’s progress, resumes where they left off, and keeps a completed lesson completed', async () => {
    const reader = await signUp();
    const other = await signUp();
    expect((await mark(reader.token, 'lesson-1', 'completed')).body.data).toMatchObject({
      status: 'completed',
      position: 100,
      completed_at: expect.any(String),
    });
    const viewed = await mark(reader.token, 'lesson-2', 'viewed', { position: 40 });
    expect(viewed.body.data).toMatchObject({ status: 'viewed', position: 40, completed_at: null });

    const mine = await api.get('/api/education/progress?lang=ru', { token: reader.token });
    expect(mine.body.data.continue).toMatchObject({ course_id: 'intro', lesson_id: 'lesson-2', position: 40 });
    const intro = mine.body.data.courses.find((c: { course_id: string }) => c.course_id === 'intro');
    expect(intro).toMatchObject({ completed_count: 1, viewed_count: 2, enrolled_at: expect.any(String) });

    // Opening lesson 1 again does not undo its completion.
    await mark(reader.token, 'lesson-2', 'completed');
    await mark(reader.token, 'lesson-1', 'viewed', { position: 10 });
    const next = await api.get('/api/education/progress?lang=ru', { token: reader.token });
    expect(next.body.data.lessons.find((l: { lesson_id: string }) => l.lesson_id === 'lesson-1')).toMatchObject({
      status: 'completed',
      position: 10,
    });
    // Reading a finished lesson again leaves the next unfinished one as the place to continue.
    expect(next.body.data.continue).toMatchObject({ lesson_id: 'lesson-3' });

    // The course page shows the marks to their owner only.
    const course = await api.get('/api/education/courses/intro?lang=ru', { token: reader.token });
    expect(course.body.data.lessons.slice(0, 2).map((l: { status: string }) => l.status)).toEqual([
      'completed',
      'completed',
    ]);
    expect(course.body.data.completed_count).toBe(2);
    const theirs = await api.get('/api/education/progress?lang=ru', { token: other.token });
    expect(theirs.body.data.lessons).toEqual([]);
    expect(theirs.body.data.continue).toBeNull();
    const seenByOther = await api.get('/api/education/courses/intro?lang=ru', { token: other.token });
    expect(seenByOther.body.data.lessons.every((l: { status: string | null }) => l.status === null)).toBe(true);
    const seenByGuest = await api.get('/api/education/courses/intro?lang=ru');
    expect(seenByGuest.body.data.completed_count).toBe(0);
  });

  it('asks a guest to sign in, and refuses progress on a lesson the reader cannot open', async () => {
    const before = await count('edu_lesson_progress');
    const guest = await mark(null, 'lesson-1', 'viewed');
    expect(guest.status).toBe(401);
    // Signed out, even a malformed body answers 401: the session is checked first.
    const malformed = await api.post('/api/education/progress', { status: 'nope' });
    expect(malformed.status).toBe(401);
    const free = await signUp();
    const locked = await mark(free.token, 'lesson-1', 'completed', { course_id: 'subscription' });
    expect(locked.status).toBe(403);
    expect(locked.body.error.code).toBe('LESSON_LOCKED');
    expect((await mark(free.token, 'lesson-1', 'done')).status).toBe(400);
    expect((await mark(free.token, 'lesson-1', 'viewed', { position: 101 })).status).toBe(400);
    expect((await mark(free.token, 'lesson-1', 'viewed', { user_id: 'someone' })).status).toBe(400);
    expect(await count('edu_lesson_progress')).toBe(before);
    expect(await count('edu_enrolments')).toBeGreaterThan(0);
  });

  it('limits how often one reader writes progress', async () => {
    const reader = await signUp();
    const other = await signUp();
    // The limit (120 a minute) is counted before the body is read, so refused bodies spend it as quickly as writes.
    const spent = await Promise.all(
      Array.from({ length: 120 }, () => mark(reader.token, 'lesson-1', 'not a status').then((reply) => reply.status)),
    );
    expect(new Set(spent)).toEqual(new Set([400]));
    expect((await mark(reader.token, 'lesson-1', 'viewed', { position: 5 })).status).toBe(429);
    expect((await mark(other.token, 'lesson-1', 'viewed', { position: 5 })).status).toBe(200);
  });

  it('needs a session to read progress', async () => {
    expect((await api.get('/api/education/progress')).status).toBe(401);
  });
});

describe('administration', () => {
  it('lets only an administrator change a lesson', async () => {
    const [lesson] = await ctx.database.db.select().from(eduLessons).limit(1);
    const user = await signUp();
    const body = { lang: 'en', title: 'Not yours' };
    expect((await api.put(`/api/admin/education/lessons/${lesson?.id}`, body)).status).toBe(401);
    expect((await api.put(`/api/admin/education/lessons/${lesson?.id}`, body, { token: user.token })).status).toBe(403);
    expect((await api.put('/api/admin/education/lessons/999999', body, { token: adminToken })).status).toBe(404);
    expect(
      (await api.put(`/api/admin/education/lessons/${lesson?.id}`, { title: 'x' }, { token: adminToken })).status,
    ).toBe(400);
    // A language the lesson has no text in yet needs its body too.
    const [later] = await ctx.database.db
      .insert(eduLessons)
      .values({ courseId: 'intro', slug: 'lesson-admin', lessonNumber: 98, rank: 98, freePreview: true })
      .returning();
    await ctx.database.db
      .insert(eduLessonTexts)
      .values({ lessonId: later?.id ?? 0, lang: 'ru', title: 'Только по-русски', body: 'Текст.' });
    const fresh = await api.put(
      `/api/admin/education/lessons/${later?.id}`,
      { lang: 'de', title: 'Nur Titel' },
      { token: adminToken },
    );
    expect(fresh.status).toBe(400);
    expect(fresh.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('languages', () => {
  it('reads a course in the reader’s language, and falls back only for a lesson written in one language', async () => {
    const course = await api.get('/api/education/courses/intro?lang=de');
    expect(course.status).toBe(200);
    expect(course.body.data.lang).toBe('de');
    const first = await api.get('/api/education/courses/intro/lessons/lesson-1?lang=de');
    expect(first.body.data).toMatchObject({ lang: 'de' });
    expect(first.body.data.title).not.toBe(
      (await api.get('/api/education/courses/intro/lessons/lesson-1?lang=ru')).body.data.title,
    );

    // A lesson an administrator adds later, so far only in Russian: German readers get it in Russian, marked so.
    const [added] = await ctx.database.db
      .insert(eduLessons)
      .values({ courseId: 'intro', slug: 'lesson-later', lessonNumber: 99, rank: 99, freePreview: true })
      .returning();
    if (!added) throw new Error('no lesson');
    await ctx.database.db
      .insert(eduLessonTexts)
      .values({ lessonId: added.id, lang: 'ru', title: 'Урок, добавленный позже', body: 'Текст урока.' });
    const later = await api.get('/api/education/courses/intro/lessons/lesson-later?lang=de');
    expect(later.status).toBe(200);
    expect(later.body.data).toMatchObject({ lang: 'ru', title: 'Урок, добавленный позже' });
    expect((await api.get('/api/education/courses/intro/lessons/lesson-1?lang=de')).body.data.lang).toBe('de');
  });
});
