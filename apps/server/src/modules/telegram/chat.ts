import type { Language } from '@hunab/calendar';
import type { Context } from 'grammy';
import type { telegramChats } from '../../db/schema.ts';
import type { UserRow } from '../auth/repository.ts';
import type { BotWords } from './words.ts';

export type ChatRow = typeof telegramChats.$inferSelect;

/** Telegram refuses button links to this machine: buttons are left out when the site is on a local address. */
export const buttonsAllowed = (publicUrl: string) => {
  const host = new URL(publicUrl).hostname;
  return !/^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/.test(host) && !host.endsWith('.localhost');
};

/** What every handler knows of the chat it answers. */
export interface ChatState {
  chat: ChatRow;
  /** The linked account; null in an unlinked chat, a group, or for an account that is blocked or closed. */
  user: UserRow | null;
  lang: Language;
  words: BotWords;
}

export type BotContext = Context & { hunab: ChatState };
