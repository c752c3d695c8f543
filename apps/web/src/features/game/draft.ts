import type { GameCycle } from '@hunab/contracts';
import { LOCAL_KEYS, local } from '../../lib/storage.ts';
import { deviceTimeZone } from '../../lib/time-zones.ts';

/** What a player chose in the first setup steps, kept on the device until the profile is saved (a guest signs in between). */
export interface SetupDraft {
  alias: string;
  time_zone: string;
  leaderboard_opt_in: boolean;
  cycle: GameCycle;
}

export function readDraft(): SetupDraft {
  const fallback: SetupDraft = {
    alias: '',
    time_zone: deviceTimeZone(),
    leaderboard_opt_in: false,
    cycle: 'wavespell',
  };
  return { ...fallback, ...(local.getJson<Partial<SetupDraft>>(LOCAL_KEYS.gameSetupDraft) ?? {}) };
}

export function writeDraft(draft: SetupDraft): void {
  local.setJson(LOCAL_KEYS.gameSetupDraft, draft);
}

export function clearDraft(): void {
  local.remove(LOCAL_KEYS.gameSetupDraft);
}
