import type { Language } from '@hunab/calendar';
import type { Letter, LetterDraft, LetterTopic } from '@hunab/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ApiError } from '../../lib/errors.ts';
import type { EmailTopicService } from '../email-topics/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderLetter } from '../mail/render.ts';
import type { MailingService } from '../mailing/service.ts';

/** Readers claimed and written to the outbox per round of the sender. */
const BATCH = 50;
/** Rounds one run of the sender makes at most, so a large letter shares the scheduler with the other jobs. */
const ROUNDS_PER_RUN = 40;

/** A timestamp column as read (a Date, or text from the raw query), or null. */
const iso = (value: unknown) => (value ? new Date(value as Date | string) : null);

/** A letter with its counts, in SQL: the rows of `topic_letters` with their author's email and delivery counts. */
export const lettersQuery = (where: SQL = sql`true`) => sql`
  select l.id, l.topic, l.lang, l.subject, l.status, l.audience, l.created_by as "createdBy",
         u.email as "createdByEmail", l.created_at as "createdAt", l.finished_at as "finishedAt",
         (select count(*)::int from topic_letter_recipients r where r.letter_id = l.id and r.status = 'sent') as sent,
         (select count(*)::int from topic_letter_recipients r where r.letter_id = l.id and r.status = 'skipped')
           as skipped
  from topic_letters l left join users u on u.id = l.created_by
  where ${where}`;

export function toLetter(row: Record<string, unknown>): Letter {
  return {
    id: String(row.id),
    topic: row.topic as Letter['topic'],
    lang: row.lang as Letter['lang'],
    subject: String(row.subject),
    status: row.status === 'sent' ? 'sent' : 'sending',
    audience: Number(row.audience),
    sent: Number(row.sent ?? 0),
    skipped: Number(row.skipped ?? 0),
    createdBy: row.createdBy ? String(row.createdBy) : null,
    createdByEmail: row.createdByEmail ? String(row.createdByEmail) : null,
    createdAt: iso(row.createdAt)?.toISOString() ?? '',
    finishedAt: iso(row.finishedAt)?.toISOString() ?? null,
  };
}

interface Claimed extends Record<string, unknown> {
  letter_id: string;
  user_id: string;
  topic: LetterTopic;
  lang: Language;
  subject: string;
  body: string;
}

/**
 * Letters of administrators to the readers of a topic of a language's list. Sending writes one recipient row per
 * reader with the letter and its audit row, in one transaction; the sender then claims pending rows in batches
 * (SKIP LOCKED, so server processes share the work and a reader is claimed once), checks that the reader still
 * receives the topic, marks the batch, and writes each copy to the outbox with the list's one-click unsubscribe.
 * A copy is marked before it is written, so a crash between the two loses that copy rather than sending it twice.
 */
export function createLetterService(deps: {
  db: Db;
  mailer: Mailer;
  mailing: MailingService;
  topics: EmailTopicService;
  now: () => Date;
}) {
  const { db, mailer, mailing, topics, now } = deps;

  /** Mails a letter to one person, who is greeted by their address. */
  const mailTo = (
    person: { id: string; email: string },
    letter: Omit<Parameters<Mailer['send']>[0], 'to' | 'userId' | 'values'>,
  ) => mailer.send({ to: person.email, userId: person.id, values: { name: person.email }, ...letter });

  async function audience(executor: Db, topic: LetterTopic, lang: Language): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      executor,
      sql`select count(*)::int as n from (${topics.receivers(topic, lang)}) r`,
    );
    return Number(row?.n ?? 0);
  }

  async function readLetter(executor: Db, id: string): Promise<Letter> {
    const [row] = await queryRows<Record<string, unknown>>(executor, lettersQuery(sql`l.id = ${id}`));
    if (!row) throw new ApiError(404, 'NOT_FOUND', 'There is no such letter.');
    return toLetter(row);
  }

  /** One round: claims up to BATCH pending copies, marks them sent or skipped, then writes the sent ones out. */
  async function round(): Promise<{ sent: number; skipped: number }> {
    const { outgoing, claimedCount } = await db.transaction(async (tx) => {
      const executor = tx as unknown as Db;
      const claimed = await queryRows<Claimed>(
        executor,
        sql`with claimed as (
              select letter_id, user_id from topic_letter_recipients
              where status = 'pending'
              order by letter_id, user_id
              limit ${BATCH}
              for update skip locked)
            select c.letter_id, c.user_id, l.topic, l.lang, l.subject, l.body
            from claimed c join topic_letters l on l.id = c.letter_id`,
      );
      if (claimed.length === 0) return { outgoing: [], claimedCount: 0 };
      const ready: Array<Claimed & { email: string; subscriptionId: number }> = [];
      const byLetter = new Map<string, Claimed[]>();
      for (const row of claimed) byLetter.set(row.letter_id, [...(byLetter.get(row.letter_id) ?? []), row]);
      for (const rows of byLetter.values()) {
        const first = rows[0] as Claimed;
        const still = await queryRows<{ user_id: string; email: string; subscription_id: number }>(
          executor,
          sql`select user_id, email, subscription_id from (${topics.receivers(first.topic, first.lang)}) r
              where user_id in (${sql.join(
                rows.map((row) => sql`${row.user_id}::uuid`),
                sql`, `,
              )})`,
        );
        const receiving = new Map(still.map((row) => [row.user_id, row]));
        for (const row of rows) {
          const reader = receiving.get(row.user_id);
          if (reader) ready.push({ ...row, email: reader.email, subscriptionId: Number(reader.subscription_id) });
        }
      }
      const sent = new Set(ready.map((row) => `${row.letter_id}:${row.user_id}`));
      const outcomes = claimed.map(
        (row) =>
          sql`(${row.letter_id}::uuid, ${row.user_id}::uuid, ${sent.has(`${row.letter_id}:${row.user_id}`) ? 'sent' : 'skipped'})`,
      );
      await executor.execute(
        sql`update topic_letter_recipients r set status = v.status, done_at = ${now().toISOString()}::timestamptz
            from (values ${sql.join(outcomes, sql`, `)}) as v(letter_id, user_id, status)
            where r.letter_id = v.letter_id and r.user_id = v.user_id`,
      );
      return { outgoing: ready, claimedCount: claimed.length };
    });
    for (const row of outgoing) {
      await mailTo(
        { id: row.user_id, email: row.email },
        {
          kind: 'topicLetter',
          lang: row.lang,
          rendered: renderLetter(row.lang, row.subject, row.body),
          unsubscribeUrl: mailing.unsubscribeUrl(row.subscriptionId),
        },
      );
    }
    return { sent: outgoing.length, skipped: claimedCount - outgoing.length };
  }

  /** Marks letters with no pending copy left as sent. */
  async function finish(): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`update topic_letters l set status = 'sent', finished_at = ${now().toISOString()}::timestamptz
          where l.status = 'sending'
            and not exists (select 1 from topic_letter_recipients r where r.letter_id = l.id and r.status = 'pending')
          returning l.id`,
    );
    return rows.length;
  }

  async function runDue(): Promise<Record<string, number>> {
    let sent = 0;
    let skipped = 0;
    for (let i = 0; i < ROUNDS_PER_RUN; i++) {
      const done = await round();
      if (done.sent + done.skipped === 0) break;
      sent += done.sent;
      skipped += done.skipped;
    }
    return { sent, skipped, finished: await finish() };
  }

  return {
    audience: (topic: LetterTopic, lang: Language) => audience(db, topic, lang),

    /** The letter as its readers would get it, to the administrator's own address only. */
    async test(draft: LetterDraft, admin: { id: string; email: string }): Promise<{ sentTo: string }> {
      const rendered = renderLetter(draft.lang, draft.subject, draft.body);
      await mailTo(admin, {
        kind: 'topicLetterTest',
        lang: draft.lang,
        rendered: { ...rendered, subject: `[test] ${rendered.subject}` },
      });
      return { sentTo: admin.email };
    },

    /**
     * Sends a letter to every reader of its topic and language now. The count the administrator confirmed must be
     * the audience's still (a list that changed meanwhile is shown again), and nobody is an error.
     */
    async send(
      draft: LetterDraft & { audience: number; reason?: string | undefined },
      actorId: string,
    ): Promise<Letter> {
      const letter = await db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        const current = await audience(executor, draft.topic, draft.lang);
        if (current === 0) throw new ApiError(409, 'NO_AUDIENCE', 'Nobody receives this topic in this language.');
        if (current !== draft.audience) {
          throw new ApiError(
            409,
            'AUDIENCE_CHANGED',
            `The audience is now ${current} readers, not ${draft.audience}. Check it and send again.`,
          );
        }
        const [created] = await queryRows<{ id: string }>(
          executor,
          sql`insert into topic_letters (topic, lang, subject, body, audience, created_by, created_at)
              values (${draft.topic}, ${draft.lang}, ${draft.subject}, ${draft.body}, ${current}, ${actorId},
                      ${now().toISOString()}::timestamptz)
              returning id`,
        );
        const id = String(created?.id);
        await executor.execute(
          sql`insert into topic_letter_recipients (letter_id, user_id)
              select ${id}::uuid, user_id from (${topics.receivers(draft.topic, draft.lang)}) r
              on conflict do nothing`,
        );
        await recordAudit(executor, {
          actorId,
          action: 'letter.send',
          targetType: 'letter',
          targetId: id,
          after: { topic: draft.topic, lang: draft.lang, subject: draft.subject, audience: current },
          reason: draft.reason ?? null,
        });
        return readLetter(executor, id);
      });
      // Sending starts at once, after the answer; the scheduler finishes what one run leaves.
      mailer.later(() => runDue());
      return letter;
    },

    runDue,
  };
}

export type LetterService = ReturnType<typeof createLetterService>;
