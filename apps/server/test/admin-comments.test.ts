import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, commentReports, users } from '../src/db/schema.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newAddress, registration } from './helpers/http.ts';

const ctx = useTestApp();
const api = client(() => ctx.app);

interface Member {
  id: string;
  token: string;
  email: string;
}

async function member(overrides: Record<string, unknown> = {}): Promise<Member> {
  const reply = await api.post('/api/auth/register', registration({ lang: 'en', ...overrides }), { ip: newAddress() });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { id: reply.body.user.id, token: reply.body.token, email: reply.body.user.email };
}

async function administrator(): Promise<Member> {
  const admin = await member();
  await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  return admin;
}

let nextKin = 200;
async function posted(who: Member, content: string, extra: Record<string, unknown> = {}) {
  const reply = await api.post(
    '/api/comments',
    { cycleType: 'kin', cycleValue: nextKin, lang: 'en', content, ...extra },
    { token: who.token },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data as { id: number };
}

const publicList = (kin: number) => api.get(`/api/comments?cycleType=kin&cycleValue=${kin}&lang=en`);
const latestAudit = async () =>
  (await ctx.database.db.select().from(adminAudit).orderBy(desc(adminAudit.id)).limit(1))[0];

describe('moderation of comments', () => {
  it('lists comments of every cycle newest first, filtered by cycle, author and state', async () => {
    const boss = await administrator();
    const mila = await member();
    const kin = ++nextKin;
    const first = await posted(mila, 'The first word of the cycle.');
    const second = await posted(mila, 'The second word of the cycle.');
    const reply = await api.get(`/api/admin/comments?cycle_type=kin&cycle_value=${kin}`, { token: boss.token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.map((c: { id: number }) => c.id)).toEqual([second.id, first.id]);
    expect(reply.body.data[0]).toMatchObject({ user_id: mila.id, hidden: false, open_reports: 0, cycle_value: kin });
    const byUser = await api.get(`/api/admin/comments?user=${mila.id}`, { token: boss.token });
    expect(byUser.body.pagination.total).toBe(2);
    const byEmail = await api.get(`/api/admin/comments?user=${encodeURIComponent(mila.email)}`, { token: boss.token });
    expect(byEmail.body.pagination.total).toBe(2);
    const csv = await api.get(`/api/admin/comments?user=${mila.id}&format=csv`, { token: boss.token });
    expect(String(csv.body)).toContain('The second word of the cycle.');
  });

  it('hides a comment from the public list and restores it, each audited', async () => {
    const boss = await administrator();
    const mila = await member();
    const kin = ++nextKin;
    const keep = await posted(mila, 'A comment that stays.');
    const spam = await posted(mila, 'Buy cheap things here.');
    const reply = await posted(mila, 'A reply that gets hidden.', { replyToId: keep.id });
    expect((await publicList(kin)).body.data.total).toBe(2);

    const hidden = await api.post(
      `/api/admin/comments/${spam.id}/hide`,
      { hidden: true, reason: 'spam' },
      {
        token: boss.token,
      },
    );
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    let page = (await publicList(kin)).body.data;
    expect(page.comments.map((c: { id: number }) => c.id)).toEqual([keep.id]);
    expect(page.total).toBe(1);
    expect(JSON.stringify(page)).not.toContain('Buy cheap things');
    expect(await latestAudit()).toMatchObject({
      actorId: boss.id,
      action: 'comment.hide',
      targetType: 'comment',
      targetId: String(spam.id),
      reason: 'spam',
    });
    // A hidden reply keeps its place in its thread, without its text or author.
    await api.post(`/api/admin/comments/${reply.id}/hide`, { hidden: true, reason: 'rude' }, { token: boss.token });
    page = (await publicList(kin)).body.data;
    expect(page.comments[0].replies[0]).toMatchObject({ id: reply.id, is_deleted: true, content: '' });
    expect(page.comments[0].replies[0].user.display_name).toBeNull();

    const restored = await api.post(
      `/api/admin/comments/${spam.id}/hide`,
      { hidden: false, reason: 'appeal' },
      {
        token: boss.token,
      },
    );
    expect(restored.status).toBe(200);
    expect((await publicList(kin)).body.data.total).toBe(2);
    expect(await latestAudit()).toMatchObject({ action: 'comment.restore', reason: 'appeal' });
    const hiddenOnes = await api.get(`/api/admin/comments?cycle_value=${kin}&status=hidden`, { token: boss.token });
    expect(hiddenOnes.body.data.map((c: { id: number }) => c.id)).toEqual([reply.id]);
    const missing = await api.post(
      '/api/admin/comments/999999999/hide',
      { hidden: true, reason: 'spam' },
      {
        token: boss.token,
      },
    );
    expect(missing.status).toBe(404);
  });

  it('takes a hidden thread and its replies out of the count, and lets nobody reply under it', async () => {
    const boss = await administrator();
    const mila = await member();
    const ivan = await member();
    const kin = ++nextKin;
    const thread = await posted(mila, 'A thread that gets hidden.');
    const answer = await posted(ivan, 'An answer in it.', { replyToId: thread.id });
    await posted(mila, 'An answer to the answer.', { replyToId: answer.id });
    const other = await posted(ivan, 'A thread that stays.');
    const counts = async () => {
      const page = (await publicList(kin)).body.data;
      return { threads: page.total, withReplies: page.totalWithReplies };
    };
    expect(await counts()).toEqual({ threads: 2, withReplies: 4 });

    await api.post(`/api/admin/comments/${thread.id}/hide`, { hidden: true, reason: 'spam' }, { token: boss.token });
    expect(await counts()).toEqual({ threads: 1, withReplies: 1 });
    for (const parent of [thread.id, answer.id]) {
      const refused = await api.post(
        '/api/comments',
        { cycleType: 'kin', cycleValue: kin, lang: 'en', content: 'Is anyone still here?', replyToId: parent },
        { token: ivan.token },
      );
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.error.code).toBe('COMMENT_DELETED');
    }
    expect(await counts()).toEqual({ threads: 1, withReplies: 1 });

    // A hidden reply stays in its thread as a placeholder, so it is still counted, and takes no reply either.
    const reply = await posted(mila, 'A rude reply.', { replyToId: other.id });
    await api.post(`/api/admin/comments/${reply.id}/hide`, { hidden: true, reason: 'rude' }, { token: boss.token });
    expect(await counts()).toEqual({ threads: 1, withReplies: 2 });
    const underHidden = await api.post(
      '/api/comments',
      { cycleType: 'kin', cycleValue: kin, lang: 'en', content: 'Is anyone still here?', replyToId: reply.id },
      { token: ivan.token },
    );
    expect(underHidden.status).toBe(409);

    await api.post(`/api/admin/comments/${thread.id}/hide`, { hidden: false, reason: 'appeal' }, { token: boss.token });
    expect(await counts()).toEqual({ threads: 2, withReplies: 5 });
  });

  it("audits an administrator's deletion of someone else's comment", async () => {
    const boss = await administrator();
    const mila = await member();
    ++nextKin;
    const comment = await posted(mila, 'To be removed by a moderator.');
    expect((await api.delete(`/api/comments/${comment.id}`, { token: boss.token })).status).toBe(200);
    expect(await latestAudit()).toMatchObject({ action: 'comment.delete', targetId: String(comment.id), reason: null });
    // With the reason the moderator gave; a reason over 500 characters is refused and deletes nothing.
    const second = await posted(mila, 'Another one for the moderator.');
    const tooLong = await api.delete(`/api/comments/${second.id}?reason=${'x'.repeat(501)}`, { token: boss.token });
    expect(tooLong.status).toBe(400);
    expect(await latestAudit()).toMatchObject({ targetId: String(comment.id) });
    const removed = await api.delete(`/api/comments/${second.id}?reason=${encodeURIComponent('spam link')}`, {
      token: boss.token,
    });
    expect(removed.status).toBe(200);
    expect(await latestAudit()).toMatchObject({
      action: 'comment.delete',
      targetId: String(second.id),
      reason: 'spam link',
    });
  });
});

describe("readers' reports", () => {
  it('takes one report per reader and comment, never of one’s own, and queues it for the moderators', async () => {
    const boss = await administrator();
    const author = await member();
    const reader = await member();
    ++nextKin;
    const comment = await posted(author, 'Something a reader objects to.');
    const url = `/api/comments/${comment.id}/report`;
    expect((await api.post(url, { reason: 'abuse' })).status).toBe(401);
    expect((await api.post(url, { reason: 'abuse' }, { token: author.token })).status).toBe(403);
    expect((await api.post(url, { reason: 'bored' }, { token: reader.token })).status).toBe(400);
    expect((await api.post(url, { reason: 'other', note: 'x'.repeat(501) }, { token: reader.token })).status).toBe(400);
    const reported = await api.post(
      url,
      { reason: 'abuse', note: 'Insults another reader.' },
      {
        token: reader.token,
      },
    );
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    const twice = await api.post(url, { reason: 'spam' }, { token: reader.token });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('ALREADY_REPORTED');
    expect((await api.post('/api/comments/999999999/report', { reason: 'spam' }, { token: reader.token })).status).toBe(
      404,
    );

    const queue = await api.get('/api/admin/comment-reports', { token: boss.token });
    expect(queue.status).toBe(200);
    const report = queue.body.data.find((r: { comment_id: number }) => r.comment_id === comment.id);
    expect(report).toMatchObject({ reason: 'abuse', note: 'Insults another reader.', status: 'open' });
    const listed = await api.get(`/api/admin/comments?user=${author.id}&status=reported`, { token: boss.token });
    expect(listed.body.data[0]).toMatchObject({ id: comment.id, open_reports: 1 });
    // The count is of this comment's reports: a second reader's report makes two, and a comment nobody reported
    // (whose id another report's id may equal) has none.
    const second = await member();
    expect((await api.post(url, { reason: 'spam' }, { token: second.token })).status).toBe(200);
    const quiet = await posted(author, 'Something nobody objects to.');
    const both = await api.get(`/api/admin/comments?user=${author.id}`, { token: boss.token });
    const countOf = (id: number) => both.body.data.find((row: { id: number }) => row.id === id)?.open_reports;
    expect([countOf(comment.id), countOf(quiet.id)]).toEqual([2, 0]);

    const dismissed = await api.post(
      `/api/admin/comment-reports/${report.id}`,
      { status: 'dismissed' },
      {
        token: boss.token,
      },
    );
    expect(dismissed.status).toBe(200);
    expect(await latestAudit()).toMatchObject({ action: 'comment_report.dismiss', targetId: String(report.id) });
    const again = await api.post(
      `/api/admin/comment-reports/${report.id}`,
      { status: 'resolved' },
      {
        token: boss.token,
      },
    );
    expect(again.status).toBe(409);
    const closed = await api.get('/api/admin/comment-reports?status=dismissed', { token: boss.token });
    expect(closed.body.data.map((r: { id: number }) => r.id)).toContain(report.id);
  });

  it('resolves the open reports of a comment when it is hidden', async () => {
    const boss = await administrator();
    const author = await member();
    ++nextKin;
    const comment = await posted(author, 'Spam spam spam.');
    for (let i = 0; i < 2; i++) {
      const reader = await member();
      await api.post(`/api/comments/${comment.id}/report`, { reason: 'spam' }, { token: reader.token });
    }
    await api.post(`/api/admin/comments/${comment.id}/hide`, { hidden: true, reason: 'spam' }, { token: boss.token });
    const rows = await ctx.database.db.select().from(commentReports).where(eq(commentReports.commentId, comment.id));
    expect(rows.map((r) => r.status)).toEqual(['resolved', 'resolved']);
    expect(rows[0]?.resolvedBy).toBe(boss.id);
  });

  it('limits how many reports one reader sends an hour', async () => {
    const author = await member();
    const reader = await member();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      nextKin++;
      const comment = await posted(author, `Comment number ${i} of many.`);
      if (i % 4 === 3) ctx.clock.offsetMs += 61_000;
      statuses.push(
        (await api.post(`/api/comments/${comment.id}/report`, { reason: 'spam' }, { token: reader.token })).status,
      );
    }
    ctx.clock.offsetMs = 0;
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});
