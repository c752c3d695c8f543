import { createHash, randomBytes } from 'node:crypto';
import {
  castleOfKin,
  colorOfSeal,
  compositeKin,
  kinOfDate,
  oracleRelation,
  parseDate,
  sealOfKin,
  toneOfKin,
  waveSpellOfKin,
} from '@hunab/calendar';
import {
  TEAM_INVITE_DAYS,
  TEAM_INVITE_EMAILS_PER_DAY,
  TEAM_INVITE_EMAILS_PER_HOUR,
  TEAM_MEMBERS_MAX,
  TEAMS_PER_OWNER_MAX,
  type Team,
  type TeamRelation,
} from '@hunab/contracts';
import { and, count, eq, gt, gte, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamInvites, teamMembers, teams, users } from '../../db/schema.ts';
import { ApiError, isUniqueViolation } from '../../lib/errors.ts';
import { rateLimited } from '../../lib/rate-limit.ts';
import type { UserRow } from '../auth/repository.ts';
import { inertText } from '../mail/inert-text.ts';
import type { Mailer } from '../mail/mailer.ts';

type TeamRow = typeof teams.$inferSelect;
type MemberRow = typeof teamMembers.$inferSelect;
export type TeamUser = Pick<
  UserRow,
  'id' | 'email' | 'username' | 'displayName' | 'birthDate' | 'lang' | 'emailVerifiedAt'
>;

/** Locks a person's row until the transaction ends, so their limit checks and writes take turns. */
const lockPerson = (handle: Db, userId: string) =>
  handle.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

const notFound = () => new ApiError(404, 'TEAM_NOT_FOUND', 'Team not found');
const ownerOnly = () => new ApiError(403, 'FORBIDDEN', 'Only the team’s owner can do this.');
const full = () =>
  new ApiError(403, 'TEAM_LIMIT_REACHED', `A team holds at most ${TEAM_MEMBERS_MAX} people.`, {
    limit: TEAM_MEMBERS_MAX,
  });
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A kin and its places in the calendar. */
function placesOf(birthDate: string) {
  const kin = kinOfDate(parseDate(birthDate));
  const seal = sealOfKin(kin);
  return {
    kin,
    tone: toneOfKin(kin),
    seal,
    color: colorOfSeal(seal),
    castle: castleOfKin(kin),
    wavespell: waveSpellOfKin(kin),
  };
}

/** How two kins meet: a mutual relation of the cross, or b as the guide of a (or a of b, then the pair turns). */
function relationOf(a: number, b: number): { relation: TeamRelation; turned: boolean } | null {
  const forward = oracleRelation(a, b);
  if (forward) return { relation: forward, turned: false };
  return oracleRelation(b, a) === 'guide' ? { relation: 'guide', turned: true } : null;
}

/**
 * Teams: the owner creates, renames, deletes, invites and adds people; members read the map. Anyone outside a team
 * gets 404 as if it did not exist. Members' birth dates never leave the server; the map holds their kins.
 */
export function createTeamService({
  db,
  mailer,
  publicUrl,
  now,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
}) {
  /** The team and whether the user owns it; 404 for anyone who is neither its owner nor a member. */
  async function teamFor(user: TeamUser, id: string): Promise<{ team: TeamRow; owner: boolean }> {
    const [team] = await db.select().from(teams).where(eq(teams.id, id)).limit(1);
    if (!team) throw notFound();
    if (team.ownerId === user.id) return { team, owner: true };
    const [member] = await db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, id), eq(teamMembers.userId, user.id)))
      .limit(1);
    if (!member) throw notFound();
    return { team, owner: false };
  }

  async function ownTeam(user: TeamUser, id: string): Promise<TeamRow> {
    const { team, owner } = await teamFor(user, id);
    if (!owner) throw ownerOnly();
    return team;
  }

  async function membersOf(handle: Db, teamId: string): Promise<MemberRow[]> {
    return handle.select().from(teamMembers).where(eq(teamMembers.teamId, teamId)).orderBy(teamMembers.createdAt);
  }

  async function assertRoom(handle: Db, teamId: string): Promise<void> {
    // The team row is locked so two additions at the limit cannot both pass.
    await handle.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
    const [row] = await handle.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
    if (Number(row?.n ?? 0) >= TEAM_MEMBERS_MAX) throw full();
  }

  async function mapOf(user: TeamUser, team: TeamRow): Promise<Team> {
    const rows = await membersOf(db, team.id);
    const members = rows.map((row) => ({
      id: row.id,
      name: row.name,
      ...placesOf(row.birthDate),
      is_owner: row.userId === team.ownerId,
      is_you: row.userId === user.id,
      is_card: row.userId === null,
    }));
    const pairs: Team['pairs'] = [];
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const a = members[i];
        const b = members[j];
        if (!a || !b) continue;
        const found = relationOf(a.kin, b.kin);
        if (found)
          pairs.push({ a: found.turned ? b.id : a.id, b: found.turned ? a.id : b.id, relation: found.relation });
      }
    }
    return {
      id: team.id,
      name: team.name,
      is_owner: team.ownerId === user.id,
      composite_kin: compositeKin(members.map((m) => m.kin)),
      members,
      pairs,
    };
  }

  async function validInvite(token: string) {
    const [invite] = await db
      .select()
      .from(teamInvites)
      .where(and(eq(teamInvites.tokenHash, hashOf(token)), gt(teamInvites.expiresAt, now())))
      .limit(1);
    if (!invite) throw new ApiError(404, 'INVITE_INVALID', 'This invitation has expired or does not exist.');
    return invite;
  }

  const displayName = (user: TeamUser) => user.displayName || user.username || user.email.split('@')[0] || 'Hunab';

  return {
    async list(user: TeamUser) {
      const memberOf = db
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(eq(teamMembers.userId, user.id));
      const rows = await db
        .select()
        .from(teams)
        .where(or(eq(teams.ownerId, user.id), inArray(teams.id, memberOf)))
        .orderBy(teams.createdAt);
      const counts = rows.length
        ? await db
            .select({ teamId: teamMembers.teamId, n: count() })
            .from(teamMembers)
            .where(
              inArray(
                teamMembers.teamId,
                rows.map((r) => r.id),
              ),
            )
            .groupBy(teamMembers.teamId)
        : [];
      const countOf = new Map(counts.map((c) => [c.teamId, Number(c.n)]));
      return rows.map((team) => ({
        id: team.id,
        name: team.name,
        is_owner: team.ownerId === user.id,
        members: countOf.get(team.id) ?? 0,
      }));
    },

    /** A new team; its owner is on the map at once when their birth date is known. */
    async create(user: TeamUser, name: string): Promise<Team> {
      const team = await db.transaction(async (tx) => {
        // Counted under the owner's lock: parallel creations at the limit cannot all pass.
        await lockPerson(tx, user.id);
        const [owned] = await tx.select({ n: count() }).from(teams).where(eq(teams.ownerId, user.id));
        if (Number(owned?.n ?? 0) >= TEAMS_PER_OWNER_MAX) {
          throw new ApiError(403, 'TEAM_LIMIT_REACHED', `One person may own at most ${TEAMS_PER_OWNER_MAX} teams.`, {
            limit: TEAMS_PER_OWNER_MAX,
          });
        }
        const [row] = await tx.insert(teams).values({ ownerId: user.id, name, createdAt: now() }).returning();
        if (!row) throw new Error('team not kept');
        if (user.birthDate) {
          await tx.insert(teamMembers).values({
            teamId: row.id,
            userId: user.id,
            name: displayName(user),
            birthDate: user.birthDate,
            createdAt: now(),
          });
        }
        return row;
      });
      return mapOf(user, team);
    },

    async get(user: TeamUser, id: string): Promise<Team> {
      return mapOf(user, (await teamFor(user, id)).team);
    },

    async rename(user: TeamUser, id: string, name: string): Promise<Team> {
      await ownTeam(user, id);
      const [row] = await db.update(teams).set({ name }).where(eq(teams.id, id)).returning();
      if (!row) throw notFound();
      return mapOf(user, row);
    },

    async remove(user: TeamUser, id: string): Promise<void> {
      await ownTeam(user, id);
      await db.delete(teams).where(eq(teams.id, id));
    },

    /** The owner adds a person as a card: a name and a birth date, no account. */
    async addMember(user: TeamUser, id: string, body: { name: string; birth_date: string }): Promise<Team> {
      const team = await ownTeam(user, id);
      await db.transaction(async (tx) => {
        await assertRoom(tx, id);
        await tx
          .insert(teamMembers)
          .values({ teamId: id, name: body.name, birthDate: body.birth_date, createdAt: now() });
      });
      return mapOf(user, team);
    },

    /** The owner removes anyone; a member may remove themselves (leave). The owner's own place stays. */
    async removeMember(user: TeamUser, id: string, memberId: string): Promise<Team> {
      const { team, owner } = await teamFor(user, id);
      const [member] = await db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.id, memberId), eq(teamMembers.teamId, id)))
        .limit(1);
      if (!member) throw new ApiError(404, 'NOT_FOUND', 'Member not found');
      if (!owner && member.userId !== user.id) throw ownerOnly();
      await db.delete(teamMembers).where(eq(teamMembers.id, memberId));
      return mapOf(user, team);
    },

    /**
     * A link anyone signed in can join by, for TEAM_INVITE_DAYS days; with an email it is also sent there, at most
     * TEAM_INVITE_EMAILS_PER_HOUR an hour per owner (counted in the database, so it holds across processes).
     */
    async invite(user: TeamUser, id: string, body: { email?: string | undefined; lang?: string | undefined }) {
      const team = await ownTeam(user, id);
      if (body.email && !user.emailVerifiedAt) {
        throw new ApiError(
          403,
          'EMAIL_NOT_VERIFIED',
          'Confirm your own email address before sending invitations by email; the link works without it.',
        );
      }
      const token = randomBytes(24).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + TEAM_INVITE_DAYS * 86_400_000);
      await db.transaction(async (tx) => {
        if (body.email) {
          // Counted under the owner's lock, so parallel invitations cannot pass the limits together.
          await lockPerson(tx, user.id);
          const emailedSince = async (ms: number) => {
            const [row] = await tx
              .select({ n: count() })
              .from(teamInvites)
              .where(
                and(
                  eq(teamInvites.createdBy, user.id),
                  isNotNull(teamInvites.email),
                  gte(teamInvites.createdAt, new Date(at.getTime() - ms)),
                ),
              );
            return Number(row?.n ?? 0);
          };
          if ((await emailedSince(86_400_000)) >= TEAM_INVITE_EMAILS_PER_DAY) {
            throw rateLimited(86_400, 'Too many invitations sent today. Try again tomorrow.');
          }
          if ((await emailedSince(3_600_000)) >= TEAM_INVITE_EMAILS_PER_HOUR) {
            throw rateLimited(3600, 'Too many invitations sent. Try again in an hour.');
          }
        }
        await tx.insert(teamInvites).values({
          teamId: id,
          tokenHash: hashOf(token),
          email: body.email ?? null,
          createdBy: user.id,
          expiresAt,
          createdAt: at,
        });
      });
      if (body.email) {
        const lang = body.lang ?? user.lang;
        const prefix = lang === 'ru' ? '' : `/${lang}`;
        // The subject is fixed text; the names quoted in the letter were chosen by the sender, so no link hides in them.
        await mailer.send({
          to: body.email,
          kind: 'teamInvite',
          lang,
          userId: null,
          values: {
            name: inertText(displayName(user)),
            team: inertText(team.name),
            hours: TEAM_INVITE_DAYS * 24,
            link: `${publicUrl}${prefix}/team/management?invite=${token}`,
          },
        });
      }
      return { token, expires_at: expiresAt.toISOString(), emailed: !!body.email };
    },

    async invitePreview(user: TeamUser, token: string) {
      const invite = await validInvite(token);
      const [team] = await db.select().from(teams).where(eq(teams.id, invite.teamId)).limit(1);
      if (!team) throw new ApiError(404, 'INVITE_INVALID', 'This invitation has expired or does not exist.');
      const rows = await membersOf(db, team.id);
      return {
        team_id: team.id,
        team_name: team.name,
        members: rows.length,
        already_member: team.ownerId === user.id || rows.some((r) => r.userId === user.id),
      };
    },

    async join(user: TeamUser, token: string, body: { name: string; birth_date: string }): Promise<Team> {
      const invite = await validInvite(token);
      try {
        await db.transaction(async (tx) => {
          await assertRoom(tx, invite.teamId);
          await tx.insert(teamMembers).values({
            teamId: invite.teamId,
            userId: user.id,
            name: body.name,
            birthDate: body.birth_date,
            createdAt: now(),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, 'ALREADY_MEMBER', 'You are already on this team.');
        throw error;
      }
      return mapOf(user, (await teamFor(user, invite.teamId)).team);
    },

    /**
     * A candidate against the team: their relation to each member and what they would add. Nothing is kept unless
     * the owner asks to save them as a card.
     */
    async compare(
      user: TeamUser,
      id: string,
      body: { birth_date: string; name?: string | undefined; save?: boolean | undefined },
    ) {
      const { team, owner } = await teamFor(user, id);
      if (body.save && !owner) throw ownerOnly();
      if (body.save && !body.name)
        throw new ApiError(400, 'VALIDATION_ERROR', 'body.name: a saved candidate needs a name');
      const candidate = placesOf(body.birth_date);
      const rows = await membersOf(db, team.id);
      const members = rows.map((row) => ({ row, ...placesOf(row.birthDate) }));
      const relations = members.flatMap((m) => {
        const found = relationOf(m.kin, candidate.kin);
        return found ? [{ member_id: m.row.id, name: m.row.name, relation: found.relation }] : [];
      });
      const has = (key: 'color' | 'castle' | 'tone' | 'seal') => members.some((m) => m[key] === candidate[key]);
      let saved: string | null = null;
      if (body.save) {
        saved = await db.transaction(async (tx) => {
          await assertRoom(tx, id);
          const [row] = await tx
            .insert(teamMembers)
            .values({ teamId: id, name: body.name ?? '', birthDate: body.birth_date, createdAt: now() })
            .returning({ id: teamMembers.id });
          return row?.id ?? null;
        });
      }
      return {
        ...candidate,
        relations,
        adds: { color: !has('color'), castle: !has('castle'), tone: !has('tone'), seal: !has('seal') },
        composite_kin_with: compositeKin([...members.map((m) => m.kin), candidate.kin]) ?? candidate.kin,
        saved_member_id: saved,
      };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
