import { COMMENT_MAX_LENGTH, commentListResponseSchema, GUEST_VISIBLE_COMMENTS } from '@hunab/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { useTestApp } from './helpers/app.ts';
import { client, registration } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

interface Member {
  id: string;
  token: string;
  email: string;
}

async function member(overrides: Record<string, unknown> = {}): Promise<Member> {
  const reply = await http.post('/api/auth/register', registration(overrides));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { id: reply.body.user.id, token: reply.body.token, email: reply.body.user.email };
}

async function administrator(): Promise<Member> {
  const admin = await member({ username: 'Keeper' });
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  return admin;
}

/** Every test gets cycles of its own: a kin number nobody else comments on. */
let nextKin = 1;
let kin = 1;
beforeEach(() => {
  kin = nextKin++;
});

const cycle = (extra: Record<string, unknown> = {}) => ({ cycleType: 'kin', cycleValue: kin, ...extra });

async function post(who: Member, content: string, extra: Record<string, unknown> = {}) {
  return http.post('/api/comments', { ...cycle(), content, ...extra }, { token: who.token });
}

async function posted(who: Member, content: string, extra: Record<string, unknown> = {}) {
  const reply = await post(who, content, extra);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data;
}

function list(query: Record<string, string | number | boolean> = {}, token?: string) {
  const params = new URLSearchParams(
    Object.entries({ cycleType: 'kin', cycleValue: kin, lang: 'en', ...query }).map(([k, v]): [string, string] => [
      k,
      String(v),
    ]),
  );
  return http.get(`/api/comments?${params}`, { token: token ?? null });
}

async function rowCount(table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(ctx.database.db, sql.raw(`select count(*)::int as n from ${table}`));
  return Number(row?.n);
}

/** Posting is limited per minute; a test that posts many comments lets time pass. */
const waitAMinute = () => {
  ctx.clock.offsetMs += 61_000;
};

describe('posting a comment', () => {
  it('keeps the trimmed text, makes its HTML on the server and answers the comment with its author', async () => {
    const mila = await member({ username: 'Mila', lang: 'en' });
    const reply = await post(mila, '   The wind carries the word.\nSee https://example.org/wind   ');
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      success: true,
      data: {
        user_id: mila.id,
        user: { id: mila.id, display_name: 'Mila', name: 'Mila', email: mila.email, birth_date: '1987-07-26' },
        content: 'The wind carries the word.\nSee https://example.org/wind',
        content_html:
          'The wind carries the word.<br>See <a href="https://example.org/wind" rel="nofollow noopener noreferrer ugc" target="_blank">https://example.org/wind</a>',
        is_edited: false,
        is_deleted: false,
        likes_count: 0,
        dislikes_count: 0,
        reply_to_id: null,
        depth: 0,
        is_sum: false,
        cycleType: 'kin',
        cycleValue: kin,
        cycleSubValue: 0,
        lang: 'en',
        user_vote: null,
        replies: [],
      },
    });
    expect(typeof reply.body.data.id).toBe('number');
    const page = await list({}, mila.token);
    expect(page.body.data).toMatchObject({ total: 1, totalWithReplies: 1, totalPages: 1, hasMore: false });
    expect(page.body.data.comments[0].id).toBe(reply.body.data.id);
  });

  it('refuses empty, short and long texts with the form’s messages and stores nothing', async () => {
    const mila = await member();
    const before = await rowCount('comments');
    for (const [content, code, message] of [
      ['', 'COMMENT_EMPTY', 'Комментарий не может быть пустым'],
      ['   \n\t  ', 'COMMENT_EMPTY', 'Комментарий не может быть пустым'],
      ['   short    ', 'COMMENT_TOO_SHORT', 'Минимум 10 символов'],
      ['x'.repeat(COMMENT_MAX_LENGTH + 1), 'COMMENT_TOO_LONG', 'Максимум 1000 символов'],
    ] as const) {
      const reply = await post(mila, content);
      expect(reply.status, content).toBe(400);
      expect(reply.body).toEqual({ success: false, error: { code, message } });
    }
    expect(await rowCount('comments')).toBe(before);
    expect((await post(mila, 'x'.repeat(COMMENT_MAX_LENGTH))).status).toBe(201);
    expect((await post(mila, `  ${'y'.repeat(10)}  `)).status).toBe(201);
  });

  it('asks a guest to sign in and stores nothing', async () => {
    const before = await rowCount('comments');
    const reply = await http.post('/api/comments', { ...cycle(), content: 'A guest would like to say' });
    expect(reply.status).toBe(401);
    expect(reply.body.error.code).toBe('UNAUTHORIZED');
    expect(await rowCount('comments')).toBe(before);
  });

  it('refuses cycle values outside their cycle and unknown cycle types', async () => {
    const mila = await member();
    for (const body of [
      { cycleType: 'kin', cycleValue: 261 },
      { cycleType: 'seal', cycleValue: 21 },
      { cycleType: 'tone', cycleValue: 14 },
      { cycleType: 'plasma', cycleValue: 8 },
      { cycleType: 'year', cycleValue: 999 },
      { cycleType: 'kin', cycleValue: 0 },
      { cycleType: 'kin', cycleValue: 1.5 },
      { cycleType: 'planet', cycleValue: 3 },
      { cycleType: 'kin', cycleValue: 3, cycleSubValue: -1 },
    ]) {
      const reply = await http.post(
        '/api/comments',
        { ...body, content: 'A fine comment here' },
        { token: mila.token },
      );
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    for (const query of [
      'cycleType=kin&cycleValue=300',
      'cycleType=moon&cycleValue=14',
      'cycleValue=3',
      'cycleType=kin',
    ]) {
      expect((await http.get(`/api/comments?${query}`)).status, query).toBe(400);
    }
  });

  it('limits how fast one user posts, across every server process, and lets them post again later', async () => {
    const mila = await member();
    const nadia = await member();
    // Ten posts at once: the database lets exactly five through.
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => post(mila, `Post number ${i} of a burst`)));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body.error.code).toBe('RATE_LIMITED');
    expect(refused[0]?.body.error.retryAfter).toBeGreaterThan(0);
    expect(refused[0]?.headers['retry-after']).toBeDefined();
    // Someone else is not held back.
    expect((await post(nadia, 'Another voice entirely')).status).toBe(201);
    waitAMinute();
    expect((await post(mila, 'After a minute of quiet')).status).toBe(201);
  });

  it('limits posts per hour as well', async () => {
    const mila = await member();
    for (let round = 0; round < 12; round++) {
      for (let i = 0; i < 5; i++) await posted(mila, `Round ${round} post ${i} of the hour`);
      waitAMinute();
    }
    const refused = await post(mila, 'The sixty-first within the hour');
    expect(refused.status).toBe(429);
    expect(refused.body.error.retryAfter).toBeGreaterThan(0);
  });
});

describe('replies', () => {
  it('hang below their comment down to depth 3, in the comment’s thread language, oldest first', async () => {
    const mila = await member({ lang: 'en' });
    const nadia = await member({ lang: 'es' });
    const top = await posted(mila, 'Top of the thread here');
    const first = await posted(nadia, 'First reply to the top', { replyToId: top.id });
    expect(first).toMatchObject({ reply_to_id: top.id, depth: 1, lang: 'en' });
    const second = await posted(mila, 'Second level reply here', { replyToId: first.id });
    const third = await posted(nadia, 'Third level reply here', { replyToId: second.id });
    expect(third.depth).toBe(3);
    const tooDeep = await post(mila, 'A fourth level is too deep', { replyToId: third.id });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error.code).toBe('REPLY_TOO_DEEP');
    const sibling = await posted(nadia, 'Another direct reply here', { replyToId: top.id });

    const page = await list({}, mila.token);
    // Lists leave as kept JSON text, not through the response schema: they must still match it.
    expect(commentListResponseSchema.safeParse(page.body).error).toBeUndefined();
    expect(page.body.data).toMatchObject({ total: 1, totalWithReplies: 5 });
    const [thread] = page.body.data.comments;
    expect(thread.id).toBe(top.id);
    expect(thread.replies.map((r: { id: number }) => r.id)).toEqual([first.id, sibling.id]);
    expect(thread.replies[0].replies[0].id).toBe(second.id);
    expect(thread.replies[0].replies[0].replies[0].id).toBe(third.id);

    const flat = await list({ includeReplies: false }, mila.token);
    expect(flat.body.data.comments[0].replies).toEqual([]);
  });

  it('belong to the cycle of the comment they answer, which must exist and not be deleted', async () => {
    const mila = await member();
    const top = await posted(mila, 'Top of another thread');
    const elsewhere = await post(mila, 'Reply aimed at another kin', {
      cycleValue: kin === 260 ? 1 : kin + 1,
      replyToId: top.id,
    });
    expect(elsewhere.body.error.code).toBe('REPLY_OUTSIDE_CYCLE');
    const personal = await post(mila, 'Reply aimed at the personal cycle', { isSum: true, replyToId: top.id });
    expect(personal.body.error.code).toBe('REPLY_OUTSIDE_CYCLE');
    const missing = await post(mila, 'Reply to a comment that never was', { replyToId: 987_654_321 });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('COMMENT_NOT_FOUND');
    await http.delete(`/api/comments/${top.id}`, { token: mila.token });
    const toDeleted = await post(mila, 'Reply to a deleted comment', { replyToId: top.id });
    expect(toDeleted.status).toBe(409);
    expect(toDeleted.body.error.code).toBe('COMMENT_DELETED');
  });
});

describe('editing and deleting', () => {
  it('lets only the author edit, marks the comment edited, and ignores an unchanged text', async () => {
    const mila = await member();
    const nadia = await member();
    const admin = await administrator();
    const comment = await posted(mila, 'The first draft of it');
    const same = await http.put(
      `/api/comments/${comment.id}`,
      { content: '  The first draft of it ' },
      {
        token: mila.token,
      },
    );
    expect(same.body.data.is_edited).toBe(false);
    for (const [who, status] of [
      [nadia, 403],
      [admin, 403],
      [null, 401],
    ] as const) {
      const refused = await http.put(
        `/api/comments/${comment.id}`,
        { content: 'Someone else’s words' },
        {
          token: who?.token ?? null,
        },
      );
      expect(refused.status).toBe(status);
    }
    const edited = await http.put(
      `/api/comments/${comment.id}`,
      { content: 'The second <b>draft</b>' },
      {
        token: mila.token,
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      content: 'The second <b>draft</b>',
      content_html: 'The second &lt;b&gt;draft&lt;/b&gt;',
      is_edited: true,
    });
    const short = await http.put(`/api/comments/${comment.id}`, { content: 'tiny' }, { token: mila.token });
    expect(short.body.error.code).toBe('COMMENT_TOO_SHORT');
    const missing = await http.put(
      '/api/comments/987654321',
      { content: 'Nothing to edit here' },
      {
        token: mila.token,
      },
    );
    expect(missing.status).toBe(404);
    const page = await list({}, nadia.token);
    expect(page.body.data.comments[0]).toMatchObject({ content: 'The second <b>draft</b>', is_edited: true });
  });

  it('keeps a deleted comment as a placeholder with its replies, and refuses other users', async () => {
    const mila = await member();
    const nadia = await member();
    const comment = await posted(mila, 'Soon to be deleted words');
    const reply = await posted(nadia, 'A reply that stays on', { replyToId: comment.id });
    const refused = await http.delete(`/api/comments/${comment.id}`, { token: nadia.token });
    expect(refused.status).toBe(403);
    expect((await http.delete(`/api/comments/${comment.id}`)).status).toBe(401);

    const deleted = await http.delete(`/api/comments/${comment.id}`, { token: mila.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ is_deleted: true, content: '', content_html: '' });
    expect(deleted.body.data.user.display_name).toBeNull();
    // Deleting again changes nothing.
    expect((await http.delete(`/api/comments/${comment.id}`, { token: mila.token })).status).toBe(200);

    const page = await list({}, nadia.token);
    expect(page.body.data.total).toBe(1);
    const [thread] = page.body.data.comments;
    expect(thread).toMatchObject({ id: comment.id, is_deleted: true, content: '' });
    expect(JSON.stringify(page.body)).not.toContain('Soon to be deleted');
    expect(thread.replies[0]).toMatchObject({ id: reply.id, content: 'A reply that stays on' });
    const edit = await http.put(
      `/api/comments/${comment.id}`,
      { content: 'Bring it back again' },
      {
        token: mila.token,
      },
    );
    expect(edit.status).toBe(409);
  });

  it('lets an administrator delete anyone’s comment', async () => {
    const mila = await member();
    const admin = await administrator();
    const comment = await posted(mila, 'Something to moderate');
    const deleted = await http.delete(`/api/comments/${comment.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.is_deleted).toBe(true);
  });
});

describe('votes', () => {
  it('counts a like, takes it back on a second like, switches to a dislike, and answers the updated comment', async () => {
    const mila = await member();
    const nadia = await member();
    const comment = await posted(mila, 'Worth a vote or two');
    const url = `/api/comments/${comment.id}`;
    const liked = await http.post(`${url}/like`, undefined, { token: nadia.token });
    expect(liked.status).toBe(200);
    expect(liked.body.data).toMatchObject({ id: comment.id, likes_count: 1, dislikes_count: 0, user_vote: 'like' });
    const again = await http.post(`${url}/like`, undefined, { token: nadia.token });
    expect(again.body.data).toMatchObject({ likes_count: 0, dislikes_count: 0, user_vote: null });
    await http.post(`${url}/like`, undefined, { token: nadia.token });
    const switched = await http.post(`${url}/dislike`, undefined, { token: nadia.token });
    expect(switched.body.data).toMatchObject({ likes_count: 0, dislikes_count: 1, user_vote: 'dislike' });
    const taken = await http.post(`${url}/dislike`, undefined, { token: nadia.token });
    expect(taken.body.data).toMatchObject({ likes_count: 0, dislikes_count: 0, user_vote: null });
    const page = await list({}, nadia.token);
    expect(page.body.data.comments[0]).toMatchObject({ likes_count: 0, user_vote: null });
    expect(page.body.data.votes).toEqual({});
  });

  it('never counts one user twice, even when the same vote arrives twice at once', async () => {
    const mila = await member();
    const nadia = await member();
    const comment = await posted(mila, 'Double votes should not count');
    await Promise.all([
      http.post(`/api/comments/${comment.id}/like`, undefined, { token: nadia.token }),
      http.post(`/api/comments/${comment.id}/like`, undefined, { token: nadia.token }),
    ]);
    const [row] = await queryRows<{ likes: number; votes: number }>(
      ctx.database.db,
      sql`select c.likes_count as likes, (select count(*)::int from comment_votes v where v.comment_id = c.id and v.value = 1) as votes from comments c where c.id = ${comment.id}`,
    );
    expect(row?.likes).toBeLessThanOrEqual(1);
    expect(row?.likes).toBe(row?.votes);
  });

  it('refuses votes on one’s own comment, by guests, and on deleted or missing comments', async () => {
    const mila = await member();
    const nadia = await member();
    const comment = await posted(mila, 'My own words here');
    const own = await http.post(`/api/comments/${comment.id}/like`, undefined, { token: mila.token });
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('OWN_COMMENT_VOTE');
    const guest = await http.post(`/api/comments/${comment.id}/dislike`);
    expect(guest.status).toBe(401);
    expect((await http.post('/api/comments/987654321/like', undefined, { token: nadia.token })).status).toBe(404);
    await http.delete(`/api/comments/${comment.id}`, { token: mila.token });
    const onDeleted = await http.post(`/api/comments/${comment.id}/like`, undefined, { token: nadia.token });
    expect(onDeleted.status).toBe(409);
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from comment_votes where comment_id = ${comment.id}`,
    );
    expect(row?.n).toBe(0);
  });

  it('keeps exact counts under 50 concurrent votes', async () => {
    const mila = await member();
    const voters = await Promise.all(Array.from({ length: 50 }, () => member({ username: 'Voter' })));
    const comment = await posted(mila, 'The crowd decides this one');
    const url = `/api/comments/${comment.id}`;
    const likes = await Promise.all(voters.map((v) => http.post(`${url}/like`, undefined, { token: v.token })));
    expect(likes.every((r) => r.status === 200)).toBe(true);
    // Then twenty switch to a dislike and ten take their like back, all at once.
    await Promise.all([
      ...voters.slice(0, 20).map((v) => http.post(`${url}/dislike`, undefined, { token: v.token })),
      ...voters.slice(20, 30).map((v) => http.post(`${url}/like`, undefined, { token: v.token })),
    ]);
    const page = await list({}, mila.token);
    expect(page.body.data.comments[0]).toMatchObject({ likes_count: 20, dislikes_count: 20 });
    const [row] = await queryRows<{ likes: number; dislikes: number }>(
      ctx.database.db,
      sql`select count(*) filter (where value = 1)::int as likes, count(*) filter (where value = -1)::int as dislikes from comment_votes where comment_id = ${comment.id}`,
    );
    expect(row).toEqual({ likes: 20, dislikes: 20 });
  }, 60_000);
});

describe('reading a cycle', () => {
  async function fillCycle(threads: number, extra: Record<string, unknown> = {}) {
    const authors = await Promise.all(Array.from({ length: Math.ceil(threads / 5) }, () => member()));
    const made = [];
    for (let i = 0; i < threads; i++) {
      const author = authors[Math.floor(i / 5)] as Member;
      made.push(await posted(author, `Thread number ${String(i).padStart(2, '0')} of the cycle`, extra));
      ctx.clock.offsetMs += 1000;
    }
    return { authors, made };
  }

  it('pages top-level comments twenty at a time, newest first or best first', async () => {
    const reader = await member();
    const { made } = await fillCycle(25);
    const first = await list({ sortBy: 'new' }, reader.token);
    expect(first.body.data).toMatchObject({ total: 25, totalPages: 2, page: 1, hasMore: true, visibleCount: 20 });
    expect(first.body.data.comments).toHaveLength(20);
    expect(first.body.data.comments[0].id).toBe(made[24].id);
    const second = await list({ sortBy: 'new', page: 2 }, reader.token);
    expect(second.body.data).toMatchObject({ page: 2, hasMore: false, visibleCount: 5 });
    expect(second.body.data.comments.at(-1).id).toBe(made[0].id);
    const small = await list({ limit: 10, page: 3 }, reader.token);
    expect(small.body.data).toMatchObject({ totalPages: 3, hasMore: false, visibleCount: 5 });

    // The best is the most liked; equal scores fall back to the newest.
    await http.post(`/api/comments/${made[3].id}/like`, undefined, { token: reader.token });
    await http.post(`/api/comments/${made[7].id}/dislike`, undefined, { token: reader.token });
    const top = await list({}, reader.token);
    const ids = top.body.data.comments.map((c: { id: number }) => c.id);
    expect(ids[0]).toBe(made[3].id);
    expect(ids[1]).toBe(made[24].id);
    const last = await list({ page: 2 }, reader.token);
    expect(last.body.data.comments.at(-1).id).toBe(made[7].id);
  }, 60_000);

  it('sends a guest only the first visibleCount threads in full, and nothing of the rest', async () => {
    const { made } = await fillCycle(GUEST_VISIBLE_COMMENTS + 3, { lang: 'en' });
    const reply = await posted((await member()) as Member, 'A reply a guest may read', { replyToId: made[5].id });
    const guest = await list({ sortBy: 'new' });
    expect(guest.status).toBe(200);
    expect(commentListResponseSchema.safeParse(guest.body).error).toBeUndefined();
    expect(guest.body.data).toMatchObject({
      total: GUEST_VISIBLE_COMMENTS + 3,
      visibleCount: GUEST_VISIBLE_COMMENTS,
      hasMore: false,
    });
    expect(guest.body.data.comments).toHaveLength(GUEST_VISIBLE_COMMENTS);
    expect(guest.body.data.comments[0].replies[0].id).toBe(reply.id);
    const text = JSON.stringify(guest.body);
    for (const hidden of made.slice(0, 3)) expect(text).not.toContain(hidden.content);
    for (const shown of guest.body.data.comments) {
      expect(shown.user.email).toBeNull();
      expect(shown.user.birth_date).toBeNull();
    }
    const later = await list({ sortBy: 'new', page: 2 });
    expect(later.body.data.comments).toEqual([]);
    const bigLimit = await list({ sortBy: 'new', limit: 50 });
    expect(bigLimit.body.data.comments).toHaveLength(GUEST_VISIBLE_COMMENTS);
    // A broken token reads as a guest.
    const broken = await list({ sortBy: 'new' }, 'not.a.token');
    expect(broken.body.data.comments).toHaveLength(GUEST_VISIBLE_COMMENTS);
  }, 60_000);

  it('keeps personal and general cycles, languages and occurrences apart, and shows both when asked', async () => {
    const mila = await member({ lang: 'ru' });
    const general = await posted(mila, 'About the kin of the day', { lang: 'en' });
    const personal = await posted(mila, 'About my own birth kin', { lang: 'en', isSum: true });
    const russian = await posted(mila, 'Про кин этого дня, по-русски');
    expect(russian.lang).toBe('ru');
    const moonOf2024 = await posted(mila, 'The moon of that year', {
      cycleType: 'moon',
      cycleValue: 3,
      cycleSubValue: 2024,
      lang: 'en',
    });
    const ids = async (query: Record<string, string | number | boolean>) =>
      (await list(query, mila.token)).body.data.comments.map((c: { id: number }) => c.id);
    expect(await ids({})).toEqual([general.id]);
    expect(await ids({ isSum: true })).toEqual([personal.id]);
    expect((await ids({ showBoth: true, sortBy: 'new' })).sort()).toEqual([general.id, personal.id].sort());
    expect((await list({ showBoth: true }, mila.token)).body.data.total).toBe(2);
    expect(await ids({ lang: 'ru' })).toEqual([russian.id]);
    expect(await ids({ cycleType: 'moon', cycleValue: 3, cycleSubValue: 2024 })).toEqual([moonOf2024.id]);
    expect(await ids({ cycleType: 'moon', cycleValue: 3, cycleSubValue: 2025 })).toEqual([]);
    const personalDto = (await list({ isSum: true }, mila.token)).body.data.comments[0];
    expect(personalDto.is_sum).toBe(true);
  });

  it('answers an empty cycle with an empty page', async () => {
    const reply = await list();
    expect(reply.body).toEqual({
      success: true,
      data: {
        comments: [],
        votes: {},
        total: 0,
        totalWithReplies: 0,
        totalPages: 0,
        page: 1,
        hasMore: false,
        visibleCount: 0,
      },
    });
  });

  it('shows an author’s badge to all, and their email and birth date only to them and administrators, never in lists', async () => {
    const mila = await member({ username: 'Mila' });
    const nadia = await member();
    const admin = await administrator();
    await ctx.database.db
      .update(users)
      .set({ badges: [{ badge_type: 'hunabbot', badge_name: 'Hunab bot' }] })
      .where(eq(users.id, mila.id));
    const comment = await posted(mila, 'Words from a known voice');
    expect(comment.user).toMatchObject({ badge_type: 'hunabbot', email: mila.email, birth_date: '1987-07-26' });
    for (const reader of [nadia, mila, admin]) {
      expect((await list({}, reader.token)).body.data.comments[0].user).toMatchObject({
        display_name: 'Mila',
        badge_type: 'hunabbot',
        badge_name: 'Hunab bot',
        email: null,
        birth_date: null,
      });
    }
    const vote = async (who: Member) =>
      (await http.post(`/api/comments/${comment.id}/like`, undefined, { token: who.token })).body.data.user;
    expect(await vote(nadia)).toMatchObject({ email: null, birth_date: null });
    expect(await vote(admin)).toMatchObject({ email: mila.email, birth_date: '1987-07-26' });
  });

  it('sends each reader their own votes beside a list that is the same for all', async () => {
    const mila = await member();
    const nadia = await member();
    const olga = await member();
    const first = await posted(mila, 'The first thought of the day');
    const reply = await posted(mila, 'A reply with its own votes', { replyToId: first.id });
    await http.post(`/api/comments/${first.id}/like`, undefined, { token: nadia.token });
    await http.post(`/api/comments/${reply.id}/dislike`, undefined, { token: nadia.token });
    const forNadia = (await list({}, nadia.token)).body.data;
    expect(forNadia.votes).toEqual({ [first.id]: 'like', [reply.id]: 'dislike' });
    expect(forNadia.comments[0].user_vote).toBeNull();
    expect((await list({}, olga.token)).body.data.votes).toEqual({});
    expect((await list()).body.data.votes).toEqual({});
  });

  it('gives readers arriving together after a change the fresh page, each with their own votes', async () => {
    const mila = await member();
    const readers = await Promise.all(Array.from({ length: 6 }, () => member()));
    const comment = await posted(mila, 'Everyone reads this at once');
    await list({}, mila.token);
    await Promise.all(
      readers.slice(0, 3).map((r) => http.post(`/api/comments/${comment.id}/like`, undefined, { token: r.token })),
    );
    const pages = await Promise.all(readers.map((r) => list({}, r.token)));
    pages.forEach((page, i) => {
      expect(page.body.data.comments[0].likes_count).toBe(3);
      expect(page.body.data.votes).toEqual(i < 3 ? { [comment.id]: 'like' } : {});
    });
  });

  it('shows at once what another server process changed', async () => {
    const other = await buildApp({
      database: ctx.database,
      config: ctx.config,
      now: () => new Date(Date.now() + ctx.clock.offsetMs),
    });
    const elsewhere = client(() => other);
    try {
      const mila = await member();
      const nadia = await member();
      const comment = await posted(mila, 'Said in this process first');
      // This process reads (and keeps) the page; every later change comes through the other one.
      expect((await list({}, nadia.token)).body.data.comments).toHaveLength(1);
      const changes = [
        () =>
          elsewhere.post('/api/comments', { ...cycle(), content: 'Said in the other process' }, { token: nadia.token }),
        () =>
          elsewhere.put(
            `/api/comments/${comment.id}`,
            { content: 'Edited in the other process' },
            { token: mila.token },
          ),
        () => elsewhere.post(`/api/comments/${comment.id}/like`, undefined, { token: nadia.token }),
        () =>
          elsewhere.post(
            '/api/comments',
            { ...cycle(), content: 'A reply from the other process', replyToId: comment.id },
            { token: nadia.token },
          ),
        () => elsewhere.delete(`/api/comments/${comment.id}`, { token: mila.token }),
      ];
      const seen = [];
      for (const change of changes) {
        expect((await change()).status).toBeLessThan(300);
        const page = (await list({ sortBy: 'new' }, nadia.token)).body.data;
        const original = page.comments.find((c: { id: number }) => c.id === comment.id);
        seen.push({
          threads: page.total,
          all: page.totalWithReplies,
          content: original.content,
          likes: original.likes_count,
          replies: original.replies.length,
          deleted: original.is_deleted,
          vote: page.votes[comment.id] ?? null,
        });
      }
      expect(seen).toEqual([
        { threads: 2, all: 2, content: 'Said in this process first', likes: 0, replies: 0, deleted: false, vote: null },
        {
          threads: 2,
          all: 2,
          content: 'Edited in the other process',
          likes: 0,
          replies: 0,
          deleted: false,
          vote: null,
        },
        {
          threads: 2,
          all: 2,
          content: 'Edited in the other process',
          likes: 1,
          replies: 0,
          deleted: false,
          vote: 'like',
        },
        {
          threads: 2,
          all: 3,
          content: 'Edited in the other process',
          likes: 1,
          replies: 1,
          deleted: false,
          vote: 'like',
        },
        { threads: 2, all: 3, content: '', likes: 1, replies: 1, deleted: true, vote: 'like' },
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('the HTML of a comment', () => {
  const PAYLOADS = [
    '<script>alert(1)</script> and more text',
    '<img src=x onerror=alert(1)> picture',
    '<svg onload=alert(1)></svg> drawing',
    '<a href="javascript:alert(1)">click me</a>',
    'javascript:alert(document.cookie) as text',
    'jav&#x09;ascript:alert(1) encoded',
    'http://example.com/"onmouseover="alert(1)',
    "https://example.com/'onfocus='alert(1)' autofocus",
    'https://example.com/<script>alert(1)</script>',
    'www.example.org/"><img src=x onerror=alert(1)>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    '&lt;script&gt;alert(1)&lt;/script&gt; pre-escaped',
    '"><iframe src="https://evil.example"></iframe>',
    '<style>body{display:none}</style> styled',
    '<a href="https://ok.example" onclick="alert(1)">ok</a>',
    'vbscript:msgbox(1) and https://ok.example/path?q=<b>',
    '<<script>script>alert(1)<</script>/script>',
    '\u202e<script>alert(1)</script>',
  ];
  /** The only markup allowed: line breaks and the product's own links to http(s) addresses. */
  const ALLOWED_TAG =
    /^(<br>|<\/a>|<a href="https?:\/\/[^"<>\s]+" rel="nofollow noopener noreferrer ugc" target="_blank">)$/;

  it('keeps every payload inert: no tag, handler or script URL of the author survives', async () => {
    const authors = await Promise.all(Array.from({ length: Math.ceil(PAYLOADS.length / 5) }, () => member()));
    for (const [i, payload] of PAYLOADS.entries()) {
      const comment = await posted(authors[Math.floor(i / 5)] as Member, payload);
      const html: string = comment.content_html;
      expect(comment.content, payload).toBe(payload.trim());
      for (const tag of html.match(/<[^>]*>/g) ?? []) expect(tag, payload).toMatch(ALLOWED_TAG);
      expect(html.replace(/<[^>]*>/g, ''), payload).not.toMatch(/[<>]/);
      expect(html, payload).not.toMatch(/href="(?!https?:)/i);
      const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? '');
      for (const href of hrefs) expect(href, payload).not.toMatch(/["'<>]|javascript:/i);
    }
  });
});

describe('the API description', () => {
  it('lists the comment calls, and the Comment schema the lists refer to', async () => {
    const spec = (await http.get('/api/docs/json')).body;
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/comments',
        '/api/comments/{id}',
        '/api/comments/{id}/like',
        '/api/comments/{id}/dislike',
      ]),
    );
    expect(spec.components.schemas.Comment.properties.replies.items).toEqual({
      $ref: '#/components/schemas/Comment',
    });
  });
});
