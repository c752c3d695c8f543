import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamInvites, teamMembers, teams } from '../../db/schema.ts';

/**
 * For the reader's data export: the teams they own with the members they added (members who joined with their
 * own account are only counted), the teams they joined, and the invitations they sent without the invitees'
 * addresses or the links' token hashes.
 */
export async function teamsForExport(db: Db, userId: string) {
  const ownedTeams = await db
    .select({ id: teams.id, name: teams.name, created_at: teams.createdAt })
    .from(teams)
    .where(eq(teams.ownerId, userId))
    .orderBy(asc(teams.createdAt));
  const teamIds = ownedTeams.map((team) => team.id);
  const addedMembers = teamIds.length
    ? await db
        .select({
          team_id: teamMembers.teamId,
          name: teamMembers.name,
          birth_date: teamMembers.birthDate,
          created_at: teamMembers.createdAt,
        })
        .from(teamMembers)
        .where(and(inArray(teamMembers.teamId, teamIds), isNull(teamMembers.userId)))
    : [];
  const joinedCounts = teamIds.length
    ? await db
        .select({ team_id: teamMembers.teamId, accounts: count() })
        .from(teamMembers)
        .where(and(inArray(teamMembers.teamId, teamIds), sql`${teamMembers.userId} is not null`))
        .groupBy(teamMembers.teamId)
    : [];
  return {
    owned: ownedTeams.map((team) => ({
      ...team,
      members_added: addedMembers.filter((member) => member.team_id === team.id),
      members_with_accounts: Number(joinedCounts.find((row) => row.team_id === team.id)?.accounts ?? 0),
    })),
    joined: await db
      .select({ team_id: teamMembers.teamId, team: teams.name, joined_at: teamMembers.createdAt })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teamMembers.userId, userId)),
    invitations_sent: await db
      .select({ team_id: teamInvites.teamId, expires_at: teamInvites.expiresAt, created_at: teamInvites.createdAt })
      .from(teamInvites)
      .where(eq(teamInvites.createdBy, userId)),
  };
}
