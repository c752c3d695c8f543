import type { GameCycle, GamePractice, GamePracticeKind } from '@hunab/contracts';
import { api } from '../../lib/api.ts';

/** The game's calls (apps/server/src/modules/game). Every one needs game access. */

export interface Streak {
  current: number;
  best: number;
  last_day: string | null;
  repairs_left: number;
}

export interface GameProfile {
  alias: string;
  time_zone: string;
  leaderboard_opt_in: boolean;
}

export interface GameGoal {
  cycle: GameCycle;
  starts_on: string;
  ends_on: string;
  target: number;
  done: number;
  ended: boolean;
}

export interface GameMe {
  profile: GameProfile | null;
  goal: GameGoal | null;
  streak: Streak;
  has_birth_date: boolean;
}

export type Relation = 'same' | 'analog' | 'antipode' | 'occult' | 'guide';

export interface GameToday {
  date: string;
  kin: number;
  own_kin: number | null;
  relation: Relation | null;
  shared: { tone: boolean; seal: boolean; color: boolean; wavespell: boolean; castle: boolean };
  practice: GamePractice | null;
  streak: Streak;
}

export interface GameStats {
  streak: Streak;
  days_practised: number;
  reflections: number;
  tones: number[];
  seals: number[];
  kins: number[];
}

export interface LeaderboardEntry {
  rank: number;
  alias: string;
  days: number;
  you: boolean;
}

export const GAME_KEYS = {
  me: ['game', 'me'] as const,
  today: ['game', 'today'] as const,
  stats: ['game', 'stats'] as const,
  activity: ['game', 'activity'] as const,
  leaderboard: ['game', 'leaderboard'] as const,
};

const data = async <T>(path: string, options?: Parameters<typeof api>[1]) =>
  (await api<{ data: T }>(path, options)).data;

export const fetchMe = () => data<GameMe>('/game/me');
export const fetchToday = () => data<GameToday>('/game/today');
export const fetchStats = () => data<GameStats>('/game/stats');
export const fetchActivity = (before?: string) =>
  data<{ practices: GamePractice[]; next_before: string | null }>(
    `/game/activity${before ? `?before=${encodeURIComponent(before)}` : ''}`,
  );
export const fetchLeaderboard = () =>
  data<{ week_start: string; week_end: string; opted_in: boolean; entries: LeaderboardEntry[] }>('/game/leaderboard');

export const saveProfile = (body: { alias: string; time_zone: string; leaderboard_opt_in?: boolean }) =>
  data<GameProfile>('/game/profile', { method: 'PUT', body });
export const startGoal = (cycle: GameCycle) => data<GameGoal>('/game/goal', { method: 'POST', body: { cycle } });
export const practise = (body: { kind: GamePracticeKind; answer?: string | null }) =>
  data<{ practice: GamePractice; streak: Streak; repaired: boolean }>('/game/practice', { method: 'POST', body });
