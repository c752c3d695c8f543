import { createHmac, timingSafeEqual } from 'node:crypto';
import { isLanguage, type Language } from '@hunab/calendar';
import { REMINDER_DEFAULT_TIME, type ReminderSettings } from '@hunab/contracts';
import { count, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions, reminderSends, reminderSettings } from '../../db/schema.ts';
import type { AuthRepository } from '../auth/repository.ts';
import type { CardService } from '../cards/service.ts';
import type { EmailTopicService } from '../email-topics/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { dueLocalDay } from './clock.ts';
import { reminderEmail } from './email.ts';
import { type ReminderContent, reminderContent } from './message.ts';

type SettingsRow = typeof reminderSettings.$inferSelect;
type Sent = { email: number; push: number; telegram: number };
export type Channel = 'email' | 'push' | 'telegram';

/**
 * What a delivery channel does with a day's reminder: the push adapter of ./push.ts, the Telegram bot's chats; absent
 * when the channel is not set up. Answers how many devices or chats accepted it.
 */
export interface PushDelivery {
  deliver(userId: string, content: ReminderContent, url: string): Promise<number>;
}

const DEFAULTS = (timeZone = 'Europe/Moscow'): ReminderSettings => ({
  email: false,
  push: false,
  daily: true,
  returns: true,
  local_time: REMINDER_DEFAULT_TIME,
  time_zone: timeZone,
});

const toSettings = (row: SettingsRow): ReminderSettings => ({
  email: row.email,
  push: row.push,
  daily: row.daily,
  returns: row.returns,
  local_time: row.localTime,
  time_zone: row.timeZone,
});

/**
 * Daily reminders: the user's choices, the one-click unsubscribe, and `runDue`, which sends each user's reminder of
 * their local day once per channel. The claim is a row of reminder_sends under a unique (user, local day, channel)
 * index, inserted before anything goes out: of several processes on one database only the one whose insert lands
 * sends, and a process that stops between the claim and the send loses that day's reminder rather than sending it
 * twice.
 */
export function createReminderService(deps: {
  db: Db;
  users: Pick<AuthRepository, 'findUserById'>;
  cards: Pick<CardService, 'list'>;
  mailer: Mailer;
  secret: Uint8Array;
  publicUrl: string;
  now: () => Date;
  push?: PushDelivery;
  /** The Telegram bot's linked chats; absent when the bot is off. */
  telegram?: PushDelivery;
  /** The reminder email is the "daily reading" topic of the user's language list: it goes only where that is on. */
  topics: Pick<EmailTopicService, 'allows' | 'choose'>;
}) {
  const { db, now } = deps;

  const mac = (userId: string) =>
    createHmac('sha256', deps.secret).update(`reminders-unsubscribe:${userId}`).digest('base64url').slice(0, 32);

  /** A token that unsubscribes one user without signing in; it never expires and needs no storage. */
  const unsubscribeToken = (userId: string) => `${Buffer.from(userId).toString('base64url')}.${mac(userId)}`;

  function userOfToken(token: string): string | null {
    const [encoded = '', given = ''] = token.split('.');
    const userId = Buffer.from(encoded, 'base64url').toString();
    if (!/^[0-9a-f-]{36}$/.test(userId)) return null;
    const expected = Buffer.from(mac(userId));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected) ? userId : null;
  }

  async function read(userId: string): Promise<ReminderSettings | null> {
    const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
    return row ? toSettings(row) : null;
  }

  async function claim(
    userId: string,
    localDay: string,
    channel: Channel,
    kin: number,
    at: Date,
  ): Promise<number | null> {
    const rows = await db
      .insert(reminderSends)
      .values({ userId, localDay, channel, kin, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: reminderSends.id });
    return rows[0]?.id ?? null;
  }

  async function sendOne(row: SettingsRow, at: Date): Promise<Sent> {
    const sent: Sent = { email: 0, push: 0, telegram: 0 };
    const localDay = dueLocalDay(at, row.timeZone, row.localTime);
    if (!localDay) return sent;
    const user = await deps.users.findUserById(row.userId);
    // A blocked account gets neither the email nor the push.
    if (!user || user.blockedAt) return sent;
    const lang: Language = isLanguage(user.lang) ? user.lang : 'ru';
    const cards = row.returns
      ? (await deps.cards.list({ id: user.id, isAdmin: user.isAdmin })).cards.map((card) => ({
          name: card.name,
          birthDate: card.birth_date.slice(0, 10),
        }))
      : [];
    const content = reminderContent(localDay, lang, user.birthDate, cards, { daily: row.daily, returns: row.returns });
    // Returns only: a day without a return sends nothing (and claims nothing).
    if (!row.daily && !content.hasReturn) return sent;
    const prefix = lang === 'ru' ? '' : `/${lang}`;
    const dayUrl = `${deps.publicUrl}${prefix}/context/${localDay}`;

    if (
      row.email &&
      (await deps.topics.allows(user.id, 'daily_reading', lang)) &&
      (await claim(user.id, localDay, 'email', content.kin, at))
    ) {
      const unsubscribe = `${deps.publicUrl}/api/reminders/unsubscribe/${unsubscribeToken(user.id)}`;
      await deps.mailer.send({
        to: user.email,
        kind: 'dailyReminder',
        lang,
        userId: user.id,
        values: { name: user.name ?? user.email, link: dayUrl },
        rendered: reminderEmail(content, lang, { day: dayUrl, unsubscribe }),
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      sent.email = 1;
    }
    for (const channel of ['push', 'telegram'] as const) {
      const delivery = deps[channel];
      if (!row[channel] || !delivery) continue;
      const id = await claim(user.id, localDay, channel, content.kin, at);
      if (id) {
        const delivered = await delivery.deliver(user.id, content, dayUrl);
        await db.update(reminderSends).set({ delivered }).where(eq(reminderSends.id, id));
        sent[channel] = delivered;
      }
    }
    return sent;
  }

  return {
    unsubscribeToken,

    async settings(userId: string) {
      const [devices] = await db
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      return { ...((await read(userId)) ?? DEFAULTS()), devices: Number(devices?.n ?? 0) };
    },

    /**
     * Saves the choices. Turning the email on is consent to the "daily reading" topic of the user's language list,
     * recorded there (and the list's confirmation sent to an address that has not confirmed it); turning it off
     * leaves the topic as it is, since the list may carry daily readings the user still wants.
     */
    async save(userId: string, settings: ReminderSettings, lang: Language) {
      const before = await read(userId);
      if (settings.email && !before?.email) {
        await deps.topics.choose(userId, { lang, topic: 'daily_reading', subscribed: true });
      }
      const values = {
        email: settings.email,
        push: settings.push,
        daily: settings.daily,
        returns: settings.returns,
        localTime: settings.local_time,
        timeZone: settings.time_zone,
        updatedAt: now(),
      };
      await db
        .insert(reminderSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: reminderSettings.userId, set: values });
      return this.settings(userId);
    },

    /** The language of the token's user, so the unsubscribe page speaks it; English when the token is not ours. */
    async languageOfToken(token: string): Promise<Language> {
      const userId = userOfToken(token);
      const user = userId ? await deps.users.findUserById(userId) : undefined;
      return user && isLanguage(user.lang) ? user.lang : 'en';
    },

    /** Turns the emails off for the token's user, and its daily-reading topic; false when the token is not ours. */
    async unsubscribe(token: string): Promise<boolean> {
      const userId = userOfToken(token);
      if (!userId) return false;
      const user = await deps.users.findUserById(userId);
      if (user) {
        const lang: Language = isLanguage(user.lang) ? user.lang : 'ru';
        await deps.topics.choose(userId, { lang, topic: 'daily_reading', subscribed: false });
      }
      await db
        .update(reminderSettings)
        .set({ email: false, updatedAt: now() })
        .where(eq(reminderSettings.userId, userId));
      return true;
    },

    /** Sends every reminder due at `at`, each once per user, local day and channel, whichever process runs it. */
    async runDue(at: Date = now()): Promise<Sent> {
      const rows = await db
        .select()
        .from(reminderSettings)
        .where(
          or(eq(reminderSettings.email, true), eq(reminderSettings.push, true), eq(reminderSettings.telegram, true)),
        );
      const total: Sent = { email: 0, push: 0, telegram: 0 };
      for (const row of rows) {
        const sent = await sendOne(row, at);
        total.email += sent.email;
        total.push += sent.push;
        total.telegram += sent.telegram;
      }
      return total;
    },

    /**
     * The Telegram daily message on (at `localTime` when given, the time every channel of the user shares) or off;
     * answers the time and zone it goes at. Other choices stay as they are; a user without settings gets the defaults.
     */
    async setTelegram(userId: string, on: boolean, localTime?: string) {
      const current = (await read(userId)) ?? DEFAULTS();
      const values = { telegram: on, ...(localTime ? { localTime } : {}), updatedAt: now() };
      await db
        .insert(reminderSettings)
        .values({
          userId,
          email: current.email,
          push: current.push,
          daily: current.daily,
          returns: current.returns,
          localTime: current.local_time,
          timeZone: current.time_zone,
          ...values,
        })
        .onConflictDoUpdate({ target: reminderSettings.userId, set: values });
      return { localTime: localTime ?? current.local_time, timeZone: current.time_zone };
    },

    /** Whether the user has the Telegram daily message on, and the zone their days are counted in. */
    async telegramChoice(userId: string): Promise<{ on: boolean; timeZone: string }> {
      const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
      return { on: row?.telegram ?? false, timeZone: row?.timeZone ?? DEFAULTS().time_zone };
    },

    /** How many users have the Telegram daily message on (the admin's figure). */
    async telegramSubscribers(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(reminderSettings).where(eq(reminderSettings.telegram, true));
      return Number(row?.n ?? 0);
    },
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
