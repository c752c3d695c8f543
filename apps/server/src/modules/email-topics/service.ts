import { isLanguage, LANGUAGES, type Language } from '@hunab/calendar';
import {
  EMAIL_TOPICS,
  type EmailListState,
  type EmailPreferences,
  type EmailTopic,
  MAILING_CONSENT_VERSION,
  MAILING_LIST_IDS,
} from '@hunab/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { emailTopicConsents, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/errors.ts';
import { listInterest, type MailingService } from '../mailing/service.ts';

type ConsentRow = typeof emailTopicConsents.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const languageOfList = (listId: number): Language | undefined =>
  LANGUAGES.find((lang) => MAILING_LIST_IDS[lang] === listId);

/**
 * The email topics of the language lists: which a user has on, with the consent text's version and the times consent
 * was given and withdrawn. A topic's letters may go to a user only when the topic is on and the address confirmed
 * the list (double opt-in through the mailing service): `allows` answers that for one user, `recipients` for a list.
 */
export function createEmailTopicService(deps: { db: Db; mailing: MailingService; now: () => Date }) {
  const { db, mailing, now } = deps;

  async function userOf(userId: string) {
    const [user] = await db
      .select({ id: users.id, email: users.email, lang: users.lang })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new ApiError(404, 'NOT_FOUND', 'There is no such user.');
    return user;
  }

  function listState(lang: Language, rows: ConsentRow[], address: EmailListState['address']): EmailListState {
    const listId = MAILING_LIST_IDS[lang];
    return {
      lang,
      list_id: listId,
      address,
      topics: EMAIL_TOPICS.map((topic) => {
        const row = rows.find((r) => r.listId === listId && r.topic === topic);
        return {
          topic,
          subscribed: row?.subscribed ?? false,
          consent_version: row?.consentVersion ?? null,
          consented_at: iso(row?.consentedAt ?? null),
          withdrawn_at: iso(row?.withdrawnAt ?? null),
        };
      }),
    };
  }

  const consents = (userId: string) =>
    db.select().from(emailTopicConsents).where(eq(emailTopicConsents.userId, userId));

  /** Every list of the user with its topics; the user's own language first. */
  async function preferences(userId: string): Promise<EmailPreferences> {
    const user = await userOf(userId);
    const rows = await consents(userId);
    const own: Language = isLanguage(user.lang) ? user.lang : 'ru';
    const order = [own, ...LANGUAGES.filter((lang) => lang !== own)];
    const lists = await Promise.all(
      order.map(async (lang) =>
        listState(lang, rows, await mailing.addressState(user.email, listInterest(MAILING_LIST_IDS[lang]))),
      ),
    );
    return { lang: own, lists };
  }

  /**
   * Turns a topic on or off. On: the consent is written with the current text's version and time; an address not yet
   * confirmed on the list gets the list's confirmation email (once while it waits), and nothing else until then.
   */
  async function choose(
    userId: string,
    choice: { lang: Language; topic: EmailTopic; subscribed: boolean },
  ): Promise<{ list: EmailListState; confirmationSent: boolean }> {
    const user = await userOf(userId);
    const listId = MAILING_LIST_IDS[choice.lang];
    const interest = listInterest(listId);
    const at = now();
    const before = await mailing.addressState(user.email, interest);
    const waitingAlready =
      before === 'pending' &&
      (await consents(userId)).some((row) => row.listId === listId && row.subscribed && row.topic !== choice.topic);
    const values = choice.subscribed
      ? { subscribed: true, consentVersion: MAILING_CONSENT_VERSION, consentedAt: at, withdrawnAt: null, updatedAt: at }
      : { subscribed: false, withdrawnAt: at, updatedAt: at };
    await db
      .insert(emailTopicConsents)
      .values({
        userId,
        listId,
        topic: choice.topic,
        consentVersion: MAILING_CONSENT_VERSION,
        ...values,
      })
      .onConflictDoUpdate({
        target: [emailTopicConsents.userId, emailTopicConsents.listId, emailTopicConsents.topic],
        set: values,
      });
    let confirmationSent = false;
    if (choice.subscribed && before !== 'confirmed' && !waitingAlready) {
      const { confirmed } = await mailing.subscribe(user.email, interest, choice.lang);
      confirmationSent = !confirmed;
    }
    const rows = await consents(userId);
    const address = choice.subscribed || before !== 'none' ? await mailing.addressState(user.email, interest) : before;
    return { list: listState(choice.lang, rows, address), confirmationSent };
  }

  /** Whether a topic's letter of a language list may go to a user: the topic on and the address confirmed. */
  async function allows(userId: string, topic: EmailTopic, lang: Language): Promise<boolean> {
    const listId = MAILING_LIST_IDS[lang];
    const [row] = await db
      .select({ subscribed: emailTopicConsents.subscribed, email: users.email })
      .from(emailTopicConsents)
      .innerJoin(users, eq(users.id, emailTopicConsents.userId))
      .where(
        and(
          eq(emailTopicConsents.userId, userId),
          eq(emailTopicConsents.listId, listId),
          eq(emailTopicConsents.topic, topic),
        ),
      );
    if (!row?.subscribed) return false;
    return (await mailing.addressState(row.email, listInterest(listId))) === 'confirmed';
  }

  /**
   * The users a topic's letter of a list may go to, as a query of (user_id, email, subscription_id): the topic on,
   * and the address confirmed on the list and not unsubscribed. The senders of letters read it, counted or joined.
   */
  function receivers(topic: EmailTopic, lang: Language): SQL {
    const listId = MAILING_LIST_IDS[lang];
    return sql`
      select u.id as user_id, u.email, m.id as subscription_id
      from email_topic_consents c
      join users u on u.id = c.user_id
      join mailing_subscriptions m on lower(m.email) = lower(u.email) and m.interest = ${listInterest(listId)}
      where c.list_id = ${listId} and c.topic = ${topic} and c.subscribed
        and m.confirmed_at is not null and m.unsubscribed_at is null`;
  }

  /** The users a topic's letter of a list may go to, in a list. */
  async function recipients(topic: EmailTopic, lang: Language): Promise<{ userId: string; email: string }[]> {
    const rows = await queryRows<{ user_id: string; email: string }>(
      db,
      sql`select user_id, email from (${receivers(topic, lang)}) r order by user_id`,
    );
    return rows.map((row) => ({ userId: row.user_id, email: row.email }));
  }

  /** An address left a language list by its one-click link: every topic of that list is withdrawn for its owner. */
  async function withdrawList(email: string, interest: string): Promise<void> {
    const match = /^list-(\d+)$/.exec(interest);
    if (!match || !languageOfList(Number(match[1]))) return;
    const at = now();
    await db
      .update(emailTopicConsents)
      .set({ subscribed: false, withdrawnAt: at, updatedAt: at })
      .where(
        and(
          eq(emailTopicConsents.listId, Number(match[1])),
          eq(emailTopicConsents.subscribed, true),
          sql`${emailTopicConsents.userId} in (select id from users where lower(email) = lower(${email}))`,
        ),
      );
  }

  return { preferences, choose, allows, receivers, recipients, withdrawList };
}

export type EmailTopicService = ReturnType<typeof createEmailTopicService>;
