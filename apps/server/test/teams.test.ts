import { TEAM_INVITE_EMAILS_PER_DAY, TEAM_INVITE_EMAILS_PER_HOUR, TEAMS_PER_OWNER_MAX } from '@hunab/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, teamMembers, teams, users } from '../src/db/schema.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newEmail, registration } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

interface Account {
  token: string;
  id: string;
}

async function account(birth_date = '1987-07-26', username = 'Mila'): Promise<Account> {
  const reply = await http.post('/api/auth/register', registration({ birth_date, username }));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { token: reply.body.token, id: reply.body.user.id };
}

/** An account whose address is confirmed, as invitations by email need. */
async function confirmedAccount(birth_date = '1987-07-26', username = 'Mila'): Promise<Account> {
  const who = await account(birth_date, username);
  await ctx.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, who.id));
  return who;
}

async function createTeam(owner: Account, name = 'Studio') {
  const reply = await http.post('/api/teams', { name }, { token: owner.token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data as { id: string; members: { id: string; kin: number; is_owner: boolean }[] };
}

async function invite(owner: Account, teamId: string, body: Record<string, unknown> = {}) {
  const reply = await http.post(`/api/teams/${teamId}/invites`, body, { token: owner.token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data.token as string;
}

describe('a team from creation to its map', () => {
  let owner: Account;
  let member: Account;
  let outsider: Account;
  let admin: Account;
  let teamId: string;

  beforeAll(async () => {
    owner = await account('1987-07-26', 'Owner');
    member = await account('1990-01-15', 'Member');
    outsider = await account();
    admin = await account();
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    teamId = (await createTeam(owner)).id;
  });

  it('puts the owner on the map with their kin', async () => {
    const map = await http.get(`/api/teams/${teamId}`, { token: owner.token });
    expect(map.status).toBe(200);
    expect(map.body.data).toMatchObject({ name: 'Studio', is_owner: true });
    expect(map.body.data.members).toHaveLength(1);
    expect(map.body.data.members[0]).toMatchObject({ name: 'Owner', is_owner: true, is_you: true, is_card: false });
    expect(map.body.data.composite_kin).toBe(map.body.data.members[0].kin);
  });

  it('lets a second user join by the link and shows both on the map, with no birth dates', async () => {
    const token = await invite(owner, teamId);
    const preview = await http.get(`/api/team-invites/${token}`, { token: member.token });
    expect(preview.body.data).toMatchObject({
      team_id: teamId,
      team_name: 'Studio',
      members: 1,
      already_member: false,
    });
    const joined = await http.post(
      `/api/team-invites/${token}/accept`,
      { name: 'Member', birth_date: '1990-01-15' },
      { token: member.token },
    );
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.data.is_owner).toBe(false);
    expect(joined.body.data.members.map((m: { name: string }) => m.name)).toEqual(['Owner', 'Member']);
    const text = JSON.stringify(joined.body);
    expect(text).not.toContain('1990-01-15');
    expect(text).not.toContain('1987-07-26');
    const again = await http.post(
      `/api/team-invites/${token}/accept`,
      { name: 'Member', birth_date: '1990-01-15' },
      { token: member.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_MEMBER');
    const list = await http.get('/api/teams', { token: member.token });
    expect(list.body.data).toEqual([{ id: teamId, name: 'Studio', is_owner: false, members: 2 }]);
  });

  it('hides the team from anyone outside it, administrators included', async () => {
    for (const stranger of [outsider, admin]) {
      const reply = await http.get(`/api/teams/${teamId}`, { token: stranger.token });
      expect(reply.status).toBe(404);
      expect(reply.body.error.code).toBe('TEAM_NOT_FOUND');
      expect((await http.get('/api/teams', { token: stranger.token })).body.data).toEqual([]);
      expect(
        (await http.post(`/api/teams/${teamId}/compare`, { birth_date: '2000-01-01' }, { token: stranger.token }))
          .status,
      ).toBe(404);
    }
    expect((await http.get(`/api/teams/${teamId}`)).status).toBe(401);
  });

  it('lets only the owner manage: rename, add, invite, remove, delete', async () => {
    const before = await ctx.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
    for (const [method, url, body] of [
      ['PUT', `/api/teams/${teamId}`, { name: 'Taken' }],
      ['POST', `/api/teams/${teamId}/members`, { name: 'Card', birth_date: '2001-02-03' }],
      ['POST', `/api/teams/${teamId}/invites`, {}],
      ['DELETE', `/api/teams/${teamId}`, undefined],
    ] as const) {
      const reply = await http.call(method, url, body, { token: member.token });
      expect(reply.status, url).toBe(403);
      expect(reply.body.error.code).toBe('FORBIDDEN');
    }
    expect(await ctx.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).toEqual(before);
    const added = await http.post(
      `/api/teams/${teamId}/members`,
      { name: 'Card', birth_date: '2001-02-03' },
      { token: owner.token },
    );
    expect(added.status).toBe(201);
    const card = added.body.data.members.find((m: { name: string }) => m.name === 'Card');
    expect(card).toMatchObject({ is_card: true, is_owner: false });
    const ownerRow = added.body.data.members.find((m: { is_owner: boolean }) => m.is_owner);
    const strike = await http.delete(`/api/teams/${teamId}/members/${ownerRow.id}`, { token: member.token });
    expect(strike.status).toBe(403);
    const removed = await http.delete(`/api/teams/${teamId}/members/${card.id}`, { token: owner.token });
    expect(removed.body.data.members).toHaveLength(2);
  });

  it('names the oracle pairs between members and the composite kin', async () => {
    const team = await createTeam(owner, 'Oracle');
    const map = await http.get(`/api/teams/${team.id}`, { token: owner.token });
    const ownKin = map.body.data.members[0].kin as number;
    const relations = await http.post(
      `/api/teams/${team.id}/compare`,
      { birth_date: '1987-07-26' },
      { token: owner.token },
    );
    expect(relations.body.data.relations).toEqual([
      { member_id: map.body.data.members[0].id, name: 'Owner', relation: 'same' },
    ]);
    // A date 130 days on (in Dreamspell days) carries the antipode kin.
    await http.post(`/api/teams/${team.id}/members`, { name: 'Far', birth_date: '1987-12-03' }, { token: owner.token });
    const after = await http.get(`/api/teams/${team.id}`, { token: owner.token });
    const far = after.body.data.members.find((m: { name: string }) => m.name === 'Far');
    expect(far.kin).toBe(((ownKin + 130 - 1) % 260) + 1);
    expect(after.body.data.pairs).toEqual([{ a: after.body.data.members[0].id, b: far.id, relation: 'antipode' }]);
    expect(after.body.data.composite_kin).toBe(((ownKin + far.kin - 1) % 260) + 1);
  });

  it('compares a candidate without keeping them, and keeps them only when the owner asks', async () => {
    const count = async () =>
      (await ctx.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).length;
    const before = await count();
    const compared = await http.post(
      `/api/teams/${teamId}/compare`,
      { birth_date: '1995-05-05' },
      { token: member.token },
    );
    expect(compared.status).toBe(200);
    expect(compared.body.data.saved_member_id).toBeNull();
    expect(compared.body.data.adds).toEqual({
      color: expect.any(Boolean),
      castle: expect.any(Boolean),
      tone: expect.any(Boolean),
      seal: expect.any(Boolean),
    });
    expect(await count()).toBe(before);
    const memberSave = await http.post(
      `/api/teams/${teamId}/compare`,
      { birth_date: '1995-05-05', name: 'Candidate', save: true },
      { token: member.token },
    );
    expect(memberSave.status).toBe(403);
    const saved = await http.post(
      `/api/teams/${teamId}/compare`,
      { birth_date: '1995-05-05', name: 'Candidate', save: true },
      { token: owner.token },
    );
    expect(saved.body.data.saved_member_id).toEqual(expect.any(String));
    expect(await count()).toBe(before + 1);
  });

  it('lets a member leave, and then the team is closed to them', async () => {
    const map = (await http.get(`/api/teams/${teamId}`, { token: member.token })).body.data;
    const own = map.members.find((m: { is_you: boolean }) => m.is_you);
    expect((await http.delete(`/api/teams/${teamId}/members/${own.id}`, { token: member.token })).status).toBe(200);
    expect((await http.get(`/api/teams/${teamId}`, { token: member.token })).status).toBe(404);
  });

  it('deletes a team for its owner, with its members and invitations', async () => {
    const team = await createTeam(owner, 'Short-lived');
    await invite(owner, team.id);
    expect((await http.delete(`/api/teams/${team.id}`, { token: owner.token })).status).toBe(200);
    expect(await ctx.database.db.select().from(teams).where(eq(teams.id, team.id))).toEqual([]);
  });
});

describe('invitations', () => {
  it('sends an invitation by email with a working link, in the chosen language', async () => {
    const owner = await confirmedAccount('1987-07-26', 'Owner');
    const team = await createTeam(owner, 'Mail team');
    const to = newEmail('invitee');
    const token = await invite(owner, team.id, { email: to, lang: 'en' });
    const [mail] = await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to));
    expect(mail).toMatchObject({ kind: 'teamInvite', lang: 'en', subject: 'An invitation to join a team on Hunab' });
    expect(mail?.textBody).toContain('Mail team');
    expect(mail?.link).toContain(`/en/team/management?invite=${token}`);
  });

  it('says how long the invitation lasts as people do, in days and in the language’s own plural', async () => {
    const owner = await confirmedAccount('1987-07-26', 'Owner');
    const team = await createTeam(owner, 'Days team');
    const expected = { en: '14 days', de: '14 Tage', pt: '14 dias', ru: '14 дней', ar: '14 يومًا', ja: '14日間' };
    for (const [lang, words] of Object.entries(expected)) {
      const to = newEmail(`days-${lang}`);
      await invite(owner, team.id, { email: to, lang });
      const [mail] = await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to));
      expect(mail?.textBody, lang).toContain(words);
      expect(mail?.textBody, lang).not.toMatch(/336|[٠-٩]/);
    }
  });

  it('sends invitations by email only from a confirmed address, with fixed subject and no link in chosen names', async () => {
    const unconfirmed = await account('1987-07-26', 'Visit https://evil.example/login');
    const bait = 'Claim your refund at https://evil.example/login now';
    const team = await createTeam(unconfirmed, bait);
    const to = newEmail('target');
    const refused = await http.post(`/api/teams/${team.id}/invites`, { email: to }, { token: unconfirmed.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to))).toEqual([]);
    // The link itself still works without a confirmed address.
    await invite(unconfirmed, team.id);

    await ctx.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, unconfirmed.id));
    await invite(unconfirmed, team.id, { email: to, lang: 'en' });
    const [mail] = await ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to));
    expect(mail?.subject).toBe('An invitation to join a team on Hunab');
    for (const body of [mail?.textBody ?? '', mail?.htmlBody ?? '']) {
      expect(body).not.toMatch(/evil\.example|https:\/\/evil/);
      expect(body).toContain('evil[.]example');
    }
    expect(mail?.textBody).toContain('Claim your refund at https[:]//evil[.]examp…');
  });

  it('limits the emails one owner sends in an hour', async () => {
    const owner = await confirmedAccount();
    const team = await createTeam(owner, 'Busy');
    for (let i = 0; i < TEAM_INVITE_EMAILS_PER_HOUR; i++) {
      await invite(owner, team.id, { email: newEmail('many') });
    }
    const over = await http.post(`/api/teams/${team.id}/invites`, { email: newEmail('over') }, { token: owner.token });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('RATE_LIMITED');
    ctx.clock.offsetMs = 3_700_000;
    const later = await http.post(
      `/api/teams/${team.id}/invites`,
      { email: newEmail('later') },
      { token: owner.token },
    );
    expect(later.status).toBe(201);
    ctx.clock.offsetMs = 0;
  });

  it('refuses an unknown or expired invitation', async () => {
    const owner = await account();
    const joiner = await account();
    const team = await createTeam(owner, 'Old');
    const token = await invite(owner, team.id);
    expect((await http.get(`/api/team-invites/${'x'.repeat(32)}`, { token: joiner.token })).body.error.code).toBe(
      'INVITE_INVALID',
    );
    ctx.clock.offsetMs = 15 * 86_400_000;
    const late = await http.post(
      `/api/team-invites/${token}/accept`,
      { name: 'Late', birth_date: '1999-09-09' },
      { token: (await account()).token },
    );
    expect(late.status).toBe(404);
    expect(late.body.error.code).toBe('INVITE_INVALID');
    ctx.clock.offsetMs = 0;
  });

  it('validates names and birth dates after sign-in', async () => {
    const owner = await account();
    expect((await http.post('/api/teams', { name: 'x' })).status).toBe(401);
    expect((await http.post('/api/teams', { name: '   ' }, { token: owner.token })).status).toBe(400);
    const team = await createTeam(owner, 'Checks');
    const bad = await http.post(
      `/api/teams/${team.id}/members`,
      { name: 'Bad', birth_date: '2023-02-30' },
      { token: owner.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_DATE');
  });
});

describe('limits under parallel requests', () => {
  it('creates at most the allowed number of teams when thirty creations arrive at once', async () => {
    const owner = await account();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => http.post('/api/teams', { name: `Team ${i}` }, { token: owner.token })),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(TEAMS_PER_OWNER_MAX);
    for (const reply of replies.filter((r) => r.status !== 201)) {
      expect(reply.body.error.code).toBe('TEAM_LIMIT_REACHED');
    }
    expect(await ctx.database.db.select().from(teams).where(eq(teams.ownerId, owner.id))).toHaveLength(
      TEAMS_PER_OWNER_MAX,
    );
  });

  it('keeps the hourly and daily email limits when invitations are sent at once', async () => {
    const owner = await confirmedAccount();
    const team = await createTeam(owner, 'Crowd');
    const burst = await Promise.all(
      Array.from({ length: TEAM_INVITE_EMAILS_PER_HOUR + 10 }, () =>
        http.post(`/api/teams/${team.id}/invites`, { email: newEmail('burst') }, { token: owner.token }),
      ),
    );
    expect(burst.filter((reply) => reply.status === 201)).toHaveLength(TEAM_INVITE_EMAILS_PER_HOUR);
    // Over the next hours the daily cap holds as well: 20 more in the second hour, then the day's last ones.
    const send = () => http.post(`/api/teams/${team.id}/invites`, { email: newEmail('day') }, { token: owner.token });
    ctx.clock.offsetMs = 61 * 60_000;
    for (let i = 0; i < TEAM_INVITE_EMAILS_PER_HOUR; i++) expect((await send()).status).toBe(201);
    ctx.clock.offsetMs = 122 * 60_000;
    const left = TEAM_INVITE_EMAILS_PER_DAY - 2 * TEAM_INVITE_EMAILS_PER_HOUR;
    for (let i = 0; i < left; i++) expect((await send()).status).toBe(201);
    const overDay = await send();
    expect(overDay.status).toBe(429);
    expect(Number(overDay.headers['retry-after'])).toBeGreaterThan(3600);
    ctx.clock.offsetMs = 0;
  });
});
