import { isValidDateText } from '@hunab/calendar';
import { z } from 'zod';
import { TEAM_MEMBER_NAME_MAX, TEAM_NAME_MAX, TEAM_RELATIONS } from './team-rules.ts';
import { safeText } from './text.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const requiredName = (max: number) =>
  safeText(max)
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .refine((value) => value.length > 0, 'must not be empty');

/** A birth date of a member or a candidate: a real YYYY-MM-DD between 1000 and 9999. */
export const teamBirthDateSchema = z
  .string()
  .max(10)
  .refine(isValidDateText, { message: 'must be a date YYYY-MM-DD', params: { code: 'INVALID_DATE' } });

export const teamIdParamsSchema = z.strictObject({ id: z.string().max(36).regex(UUID, 'must be a team id') });
export const teamMemberParamsSchema = z.strictObject({
  id: z.string().max(36).regex(UUID, 'must be a team id'),
  memberId: z.string().max(36).regex(UUID, 'must be a member id'),
});
export const teamInviteParamsSchema = z.strictObject({
  token: z
    .string()
    .min(20)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be an invitation token'),
});

export const createTeamBodySchema = z.strictObject({ name: requiredName(TEAM_NAME_MAX) });
export const renameTeamBodySchema = createTeamBodySchema;
export const addTeamMemberBodySchema = z.strictObject({
  name: requiredName(TEAM_MEMBER_NAME_MAX),
  birth_date: teamBirthDateSchema,
});
export const joinTeamBodySchema = addTeamMemberBodySchema;
export const teamInviteBodySchema = z.strictObject({
  email: z.email().max(254).optional(),
  lang: z.enum(['ru', 'en', 'es', 'pt', 'de', 'ja', 'zh', 'ar']).optional(),
});
export const teamCompareBodySchema = z.strictObject({
  birth_date: teamBirthDateSchema,
  name: requiredName(TEAM_MEMBER_NAME_MAX).optional(),
  /** Keep the candidate as a member card of the team (the owner only); otherwise nothing is stored. */
  save: z.boolean().optional(),
});

/** A kin and its places in the calendar: tone, seal, color, castle and wavespell. */
const kinPlaces = {
  kin: z.number().int(),
  tone: z.number().int(),
  seal: z.number().int(),
  color: z.number().int(),
  castle: z.number().int(),
  wavespell: z.number().int(),
};

/** One person on the team map: their kin and its places in the calendar, never another member's birth date. */
const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  ...kinPlaces,
  is_owner: z.boolean(),
  is_you: z.boolean(),
  /** A card the owner added, not an account. */
  is_card: z.boolean(),
});

const pairSchema = z.object({ a: z.string(), b: z.string(), relation: z.enum(TEAM_RELATIONS) });

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_owner: z.boolean(),
  composite_kin: z.number().int().nullable(),
  members: z.array(teamMemberSchema),
  pairs: z.array(pairSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const teamReplySchema = z.object({ success: z.literal(true), data: teamSchema });
export const teamListReplySchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id: z.string(), name: z.string(), is_owner: z.boolean(), members: z.number().int() })),
});
export const teamDeletedReplySchema = z.object({ success: z.literal(true), message: z.string() });
export const teamInviteReplySchema = z.object({
  success: z.literal(true),
  data: z.object({ token: z.string(), expires_at: z.string(), emailed: z.boolean() }),
});
export const teamInvitePreviewReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    team_id: z.string(),
    team_name: z.string(),
    members: z.number().int(),
    already_member: z.boolean(),
  }),
});
export const teamCompareReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    ...kinPlaces,
    relations: z.array(z.object({ member_id: z.string(), name: z.string(), relation: z.enum(TEAM_RELATIONS) })),
    /** What the candidate would bring: colours, castles and tones the team has none of yet. */
    adds: z.object({ color: z.boolean(), castle: z.boolean(), tone: z.boolean(), seal: z.boolean() }),
    composite_kin_with: z.number().int(),
    saved_member_id: z.string().nullable(),
  }),
});
