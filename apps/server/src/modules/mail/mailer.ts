import { isLanguage } from '@hunab/calendar';
import { and, eq, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { outboxEmails, users } from '../../db/schema.ts';
import { LIST_FOOTER } from './copy/footer.ts';
import type { EmailKind } from './copy/index.ts';
import { type EmailValues, type RenderedEmail, renderEmail } from './render.ts';

/** How long an unsent email keeps its link: as long as the longest-lived link (email verification, 48 hours). */
const LINK_KEPT_MS = 48 * 3_600_000;

export interface OutgoingEmail {
  to: string;
  /** A message of the copy book, or another kind whose words come already written in `rendered`. */
  kind: EmailKind | (string & {});
  lang: string;
  userId?: string | null;
  values: EmailValues;
  /** The subject and bodies, written by the module that sends the email; else rendered from the copy book. */
  rendered?: RenderedEmail;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * For every email that is not transactional (mailing lists): the address of a one-click unsubscribe that works
   * without signing in, sent as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058) and shown in the email.
   */
  unsubscribeUrl?: string;
}

export interface Mailer {
  /**
   * Records the email in the outbox, then delivers it over SMTP in the background when configured, so a slow
   * mail server never slows a request; a delivery failure is logged and recorded, never thrown.
   */
  send(email: OutgoingEmail): Promise<void>;
  /**
   * Runs mail work after the request has been answered (looking an address up, then sending), so the answer does
   * not tell by its timing whether the address is known; flush and close wait for it.
   */
  later(task: () => Promise<unknown>): void;
  /**
   * Sends again, from the outbox, emails an administrator put back in the queue (status pending): their stored
   * subject and bodies, in the background like any delivery.
   */
  redeliver(ids: readonly string[]): void;
  /** Waits for deliveries and later work under way. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** The unsubscribe address at the foot of a mailing-list email, in text and HTML. */
function withUnsubscribe(rendered: RenderedEmail, url: string | undefined, lang: string) {
  if (!url) return rendered;
  const footer = LIST_FOOTER[isLanguage(lang) ? lang : 'en'];
  const safe = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return {
    ...rendered,
    text: `${rendered.text}\n\n${footer.why}\n${footer.unsubscribe}: ${url}`,
    html: rendered.html.replace(
      '</body>',
      `<p style="text-align:center;font-size:12px;color:#666666">${footer.why} <a href="${safe}" style="color:#666666">${footer.unsubscribe}</a></p></body>`,
    ),
  };
}

/** The headers a letter goes with: its own, and List-Unsubscribe with the one-click POST for list letters. */
function headersOf(email: OutgoingEmail): Record<string, string> | null {
  const headers = {
    ...email.headers,
    ...(email.unsubscribeUrl
      ? { 'List-Unsubscribe': `<${email.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : {}),
  };
  return Object.keys(headers).length > 0 ? headers : null;
}

/**
 * Every email is written to the outbox first. With SMTP it is then sent and marked sent or failed; without SMTP it
 * is marked not_sent and its link logged, so a local user can still verify and reset.
 */
export function createMailer(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const deliveries = new Set<Promise<void>>();

  /**
   * Takes the link out of emails that no longer need it: one just delivered (its copy is in the inbox), and any kept
   * longer than the longest-lived link (48 hours), so the outbox does not hold usable sign-in links at rest.
   */
  async function scrubLinks(which: SQL | undefined): Promise<void> {
    await options.db
      .update(outboxEmails)
      .set({
        link: null,
        textBody: sql`replace(${outboxEmails.textBody}, ${outboxEmails.link}, '[link removed]')`,
        htmlBody: sql`replace(${outboxEmails.htmlBody}, ${outboxEmails.link}, '[link removed]')`,
      })
      .where(
        and(isNotNull(outboxEmails.link), or(which, lt(outboxEmails.createdAt, new Date(Date.now() - LINK_KEPT_MS)))),
      );
  }
  const tasks = new Set<Promise<unknown>>();
  const settle = async () => {
    while (tasks.size > 0) await Promise.all([...tasks]);
    await Promise.all([...deliveries]);
  };

  async function deliver(
    id: string,
    email: Pick<OutgoingEmail, 'to' | 'kind'>,
    rendered: RenderedEmail,
    headers: Record<string, string> | null,
  ): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        ...(headers ? { headers } : {}),
      });
      await options.db.update(outboxEmails).set({ status: 'sent', sentAt: new Date() }).where(eq(outboxEmails.id, id));
      await scrubLinks(eq(outboxEmails.id, id));
    } catch (error) {
      options.log.error({ err: error, to: email.to, kind: email.kind }, 'sending an email failed');
      await options.db
        .update(outboxEmails)
        .set({ status: 'failed', error: String((error as Error).message ?? error).slice(0, 1000) })
        .where(eq(outboxEmails.id, id))
        .catch(() => {});
    }
  }

  return {
    async send(email) {
      // A blocked account gets no letters at all: no reminders, lists, topics or invitations.
      const [blocked] = await options.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            isNotNull(users.blockedAt),
            email.userId
              ? or(eq(users.id, email.userId), sql`lower(${users.email}) = lower(${email.to})`)
              : sql`lower(${users.email}) = lower(${email.to})`,
          ),
        )
        .limit(1);
      if (blocked) {
        options.log.info({ kind: email.kind, userId: blocked.id }, 'no email to a blocked account');
        return;
      }
      const headers = headersOf(email);
      const rendered = withUnsubscribe(
        email.rendered ?? renderEmail(email.kind as EmailKind, email.lang, email.values),
        email.unsubscribeUrl,
        email.lang,
      );
      const [row] = await options.db
        .insert(outboxEmails)
        .values({
          userId: email.userId ?? null,
          toAddress: email.to,
          kind: email.kind,
          lang: email.lang,
          subject: rendered.subject,
          textBody: rendered.text,
          htmlBody: rendered.html,
          link: email.values.link ?? null,
          headers,
          status: transport ? 'pending' : 'not_sent',
        })
        .returning({ id: outboxEmails.id });
      await scrubLinks(undefined);
      if (!transport || !row) {
        // The link itself stays out of the log: logs travel further and live longer than the outbox.
        options.log.info(
          { to: email.to, kind: email.kind, outboxId: row?.id },
          'email kept in the outbox_emails table (no SMTP_URL configured)',
        );
        return;
      }
      const delivery = deliver(row.id, email, rendered, headers).finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    },
    redeliver(ids) {
      const work = (async () => {
        const rows = await options.db
          .select()
          .from(outboxEmails)
          .where(and(inArray(outboxEmails.id, [...ids]), eq(outboxEmails.status, 'pending')));
        for (const row of rows) {
          if (!transport) {
            await options.db.update(outboxEmails).set({ status: 'not_sent' }).where(eq(outboxEmails.id, row.id));
            continue;
          }
          await deliver(
            row.id,
            { to: row.toAddress, kind: row.kind },
            { subject: row.subject, text: row.textBody, html: row.htmlBody },
            row.headers,
          );
        }
      })()
        .catch((error: unknown) => options.log.error({ err: error }, 'sending an email again failed'))
        .finally(() => deliveries.delete(work));
      deliveries.add(work);
    },
    later(task) {
      const running = task()
        .catch((error: unknown) => options.log.error({ err: error }, 'sending an email failed'))
        .finally(() => tasks.delete(running));
      tasks.add(running);
    },
    flush: settle,
    async close() {
      await settle();
      transport?.close();
    },
  };
}
