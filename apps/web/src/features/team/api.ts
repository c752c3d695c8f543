import type { Team } from '@hunab/contracts';
import { api } from '../../lib/api.ts';

/** The team calls (apps/server/src/modules/teams). */

export interface TeamListItem {
  id: string;
  name: string;
  is_owner: boolean;
  members: number;
}

export interface Comparison {
  kin: number;
  tone: number;
  seal: number;
  color: number;
  castle: number;
  wavespell: number;
  relations: { member_id: string; name: string; relation: Team['pairs'][number]['relation'] }[];
  adds: { color: boolean; castle: boolean; tone: boolean; seal: boolean };
  composite_kin_with: number;
  saved_member_id: string | null;
}

export const TEAM_KEYS = {
  list: ['teams', 'list'] as const,
  team: (id: string) => ['teams', 'team', id] as const,
  invite: (token: string) => ['teams', 'invite', token] as const,
};

const data = async <T>(path: string, options?: Parameters<typeof api>[1]) =>
  (await api<{ data: T }>(path, options)).data;

export const fetchTeams = () => data<TeamListItem[]>('/teams');
export const fetchTeam = (id: string) => data<Team>(`/teams/${encodeURIComponent(id)}`);
export const createTeam = (name: string) => data<Team>('/teams', { method: 'POST', body: { name } });
export const deleteTeam = (id: string) => api(`/teams/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const addMember = (id: string, body: { name: string; birth_date: string }) =>
  data<Team>(`/teams/${encodeURIComponent(id)}/members`, { method: 'POST', body });
export const removeMember = (id: string, memberId: string) =>
  data<Team>(`/teams/${encodeURIComponent(id)}/members/${encodeURIComponent(memberId)}`, { method: 'DELETE' });
export const createInvite = (id: string, body: { email?: string; lang?: string }) =>
  data<{ token: string; expires_at: string; emailed: boolean }>(`/teams/${encodeURIComponent(id)}/invites`, {
    method: 'POST',
    body,
  });
export const fetchInvite = (token: string) =>
  data<{ team_id: string; team_name: string; members: number; already_member: boolean }>(
    `/team-invites/${encodeURIComponent(token)}`,
  );
export const acceptInvite = (token: string, body: { name: string; birth_date: string }) =>
  data<Team>(`/team-invites/${encodeURIComponent(token)}/accept`, { method: 'POST', body });
export const compareCandidate = (id: string, body: { birth_date: string; name?: string; save?: boolean }) =>
  data<Comparison>(`/teams/${encodeURIComponent(id)}/compare`, { method: 'POST', body });
