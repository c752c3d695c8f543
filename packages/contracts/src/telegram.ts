import { z } from 'zod';
import { tokenResponseSchema } from './auth.ts';

/** How long the t.me link of "Connect Telegram" works, and the bot's sign-in link to the site. */
export const TELEGRAM_LINK_MINUTES = 15;
export const TELEGRAM_LOGIN_MINUTES = 10;

/** The bot as the site shows it: off when the server has no bot token. */
export const telegramBotReplySchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  /** The bot's @username, once Telegram has told it; null when off or not yet known. */
  username: z.string().nullable(),
});

export const telegramChatSchema = z.object({
  /** Telegram's chat id, as a string (it may pass 2^53 in later Telegram versions). */
  chat_id: z.string(),
  linked_at: z.string().nullable(),
  /** False after the chat blocked the bot; it comes back when the chat writes again. */
  active: z.boolean(),
});

export const telegramLinksReplySchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  username: z.string().nullable(),
  chats: z.array(telegramChatSchema),
});

export const telegramLinkTokenReplySchema = z.object({
  success: z.literal(true),
  /** https://t.me/<bot>?start=<token>: single use, for TELEGRAM_LINK_MINUTES. */
  url: z.string(),
  expires_at: z.string(),
});

export const telegramUnlinkBodySchema = z.strictObject({
  chat_id: z.string().regex(/^-?\d{1,20}$/, 'a Telegram chat id'),
});

export const telegramLoginBodySchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'a sign-in link token'),
});

export const telegramLoginReplySchema = tokenResponseSchema.extend({
  /** The page of the site the link leads to. */
  next: z.string(),
});

export const telegramStatsSchema = z.object({
  enabled: z.boolean(),
  username: z.string().nullable(),
  linked_chats: z.number().int(),
  blocked_chats: z.number().int(),
  daily_subscribers: z.number().int(),
  days: z.array(z.object({ day: z.string(), sent: z.number().int(), failed: z.number().int() })),
});
export type TelegramStats = z.infer<typeof telegramStatsSchema>;

export const telegramStatsReplySchema = z.object({ success: z.literal(true), data: telegramStatsSchema });
