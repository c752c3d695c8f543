import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { telegramChats } from '../../db/schema.ts';

/** For the reader's data export: the Telegram chats linked to their account. */
export async function telegramChatsForExport(db: Db, userId: string) {
  return db
    .select({
      chat_id: telegramChats.chatId,
      language: telegramChats.lang,
      active: telegramChats.active,
      linked_at: telegramChats.linkedAt,
    })
    .from(telegramChats)
    .where(eq(telegramChats.userId, userId));
}
