import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { contentDir } from '../src/lib/paths.ts';
import { seedEducation } from '../src/modules/education/seed.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, registration } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

async function signUp(email?: string) {
  const body = { ...registration(), ...(email ? { email } : {}) };
  const reply = await http.post('/api/auth/register', body, { ip: newAddress() });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return {
    token: reply.body.token as string,
    id: reply.body.user.id as string,
    email: reply.body.user.email as string,
  };
}
async function progress(token: string, lesson: string, status: 'viewed' | 'completed', position?: number) {
  const reply = await http.post(
    '/api/education/progress',
    { course_id: 'intro', lesson_id: lesson, status, ...(position === undefined ? {} : { position }) },
    { token },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

interface Row {
  userId: string;
  email: string;
  courseId: string;
  lessonSlug: string;
  lessonTitle: string;
  status: string;
  position: number;
  enrolledAt: string | null;
  completedAt: string | null;
}

let boss: Awaited<ReturnType<typeof signUp>>;
let ann: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  // The courses, as the server loads them at boot.
  await seedEducation(ctx.database.db, contentDir);
  boss = await signUp();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, boss.id));
  ann = await signUp(`ann-notebook-${Date.now()}@example.com`);
  bob = await signUp(`bob-notebook-${Date.now()}@example.com`);
  await progress(ann.token, 'lesson-1', 'completed');
  await progress(ann.token, 'lesson-2', 'viewed', 40);
  await progress(bob.token, 'lesson-2', 'viewed', 70);
});

describe('the education notebook', () => {
  it('answers guests 401 and users 403', async () => {
    const url = '/api/admin/education/notebook';
    expect((await http.get(url)).status).toBe(401);
    expect((await http.get(url, { token: ann.token })).status).toBe(403);
    expect((await http.get(`${url}?limit=abc`, { token: ann.token })).status).toBe(403);
  });

  it('lists each reader’s lessons with status, position and dates, filtered and sorted', async () => {
    const all = await http.get('/api/admin/education/notebook?limit=200', { token: boss.token });
    expect(all.status).toBe(200);
    const anns = all.body.data.filter((row: Row) => row.userId === ann.id);
    expect(anns).toHaveLength(2);
    const first = anns.find((row: Row) => row.lessonSlug === 'lesson-1');
    expect(first).toMatchObject({ courseId: 'intro', status: 'completed', email: ann.email });
    expect(first.completedAt).not.toBeNull();
    expect(first.enrolledAt).not.toBeNull();
    expect(first.lessonTitle.length).toBeGreaterThan(0);
    expect(anns.find((row: Row) => row.lessonSlug === 'lesson-2')).toMatchObject({ status: 'viewed', position: 40 });
    expect(all.body.courses.map((course: { id: string }) => course.id)).toContain('intro');
    // The intro is written in Russian only: an English reader of the notebook gets its Russian title, not its id.
    expect(first.courseTitle).not.toBe('intro');
    const intro = all.body.courses.find((course: { id: string }) => course.id === 'intro');
    expect(intro.lessons.map((lesson: { slug: string }) => lesson.slug)).toContain('lesson-2');

    const byEmail = await http.get(`/api/admin/education/notebook?email=${encodeURIComponent('BOB-notebook')}`, {
      token: boss.token,
    });
    expect(byEmail.body.data.map((row: Row) => row.userId)).toEqual([bob.id]);

    const byLesson = await http.get(
      '/api/admin/education/notebook?course=intro&lesson=lesson-2&sort=position&order=asc',
      {
        token: boss.token,
      },
    );
    const positions = byLesson.body.data.map((row: Row) => row.position);
    expect(byLesson.body.data.every((row: Row) => row.lessonSlug === 'lesson-2')).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(positions).toEqual(expect.arrayContaining([40, 70]));

    const completed = await http.get('/api/admin/education/notebook?status=completed', { token: boss.token });
    expect(completed.body.data.every((row: Row) => row.status === 'completed')).toBe(true);
    expect(completed.body.data.some((row: Row) => row.userId === ann.id)).toBe(true);

    const paged = await http.get('/api/admin/education/notebook?limit=1&page=2&sort=email&order=asc', {
      token: boss.token,
    });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.pagination).toMatchObject({ page: 2, limit: 1 });
    expect(paged.body.pagination.total).toBeGreaterThanOrEqual(3);

    const none = await http.get('/api/admin/education/notebook?course=no-such-course', { token: boss.token });
    expect(none.body).toMatchObject({ success: true, data: [], pagination: { total: 0 } });
  });

  it('exports the filtered list as CSV', async () => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/education/notebook?format=csv&email=${encodeURIComponent(ann.email)}`,
      headers: { authorization: `Bearer ${boss.token}` },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/csv');
    const lines = reply.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'user_id,email,course,course_title,lesson,lesson_number,lesson_title,status,position,enrolled_at,updated_at,completed_at',
    );
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(ann.email))).toBe(true);
  });

  it('refuses bad filters with 400 in the envelope', async () => {
    for (const query of ['sort=nothing', 'course=a%20b', 'status=done', 'limit=0', 'lang=xx', 'order=up', 'page=-1']) {
      const reply = await http.get(`/api/admin/education/notebook?${query}`, { token: boss.token });
      expect(reply.status, query).toBe(400);
      expect(reply.body.success, query).toBe(false);
      expect(reply.body.error.code, query).toBe('VALIDATION_ERROR');
    }
  });
});
