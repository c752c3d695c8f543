/** Limits of teams, read by both sides. */
export const TEAM_NAME_MAX = 80;
export const TEAM_MEMBER_NAME_MAX = 60;
export const TEAM_MEMBERS_MAX = 50;
export const TEAMS_PER_OWNER_MAX = 10;
/** An invitation link works this many days. */
export const TEAM_INVITE_DAYS = 14;
/** Email invitations one owner may send in an hour. */
export const TEAM_INVITE_EMAILS_PER_HOUR = 20;
/** Email invitations one owner may send in a day. */
export const TEAM_INVITE_EMAILS_PER_DAY = 50;

export const TEAM_RELATIONS = ['analog', 'antipode', 'occult', 'guide', 'same'] as const;
export type TeamRelation = (typeof TEAM_RELATIONS)[number];
