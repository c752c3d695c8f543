import { z } from 'zod';
import { languageSchema } from './calendar.ts';
import { successSchema } from './errors.ts';

/** Days a calendar feed holds: a little of the past and a year ahead. */
export const FEED_DAYS_BEFORE = 35;
export const FEED_DAYS = 400;

/** A feed token as it appears in the address: 32 random bytes in base64url, then `.ics`. */
export const feedFileParamsSchema = z.strictObject({
  file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, 'This is not a calendar feed address.'),
});

export const publicFeedQuerySchema = z.strictObject({ lang: languageSchema.default('ru') });

export const feedStatusSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  include_returns: z.boolean(),
  include_cards: z.boolean(),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;
export const feedStatusReplySchema = successSchema(feedStatusSchema);

export const createFeedBodySchema = z.strictObject({
  include_returns: z.boolean().optional(),
  include_cards: z.boolean().optional(),
});
export type CreateFeedBody = z.infer<typeof createFeedBodySchema>;

/** The new secret address, shown once: only its hash is kept. */
export const feedLinkSchema = feedStatusSchema.extend({ https_url: z.string(), webcal_url: z.string() });
export type FeedLink = z.infer<typeof feedLinkSchema>;
export const feedLinkReplySchema = successSchema(feedLinkSchema);
